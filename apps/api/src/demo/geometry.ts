import type { InstallationSpec } from './catalog.ts';
import { offsetLatLng } from './random.ts';

type LatLng = [number, number];

const rad = (deg: number) => (deg * Math.PI) / 180;

/** A point `distance` m from `origin` towards `bearing`, moved `lateral` m to the right of that direction. */
function along(origin: LatLng, bearing: number, distance: number, lateral = 0): LatLng {
  const north = distance * Math.cos(rad(bearing)) - lateral * Math.sin(rad(bearing));
  const east = distance * Math.sin(rad(bearing)) + lateral * Math.cos(rad(bearing));
  return offsetLatLng(origin[0], origin[1], north, east);
}

function ring(centre: LatLng, radius: number, points: number): LatLng[] {
  const line: LatLng[] = [];
  for (let i = 0; i <= points; i++) line.push(along(centre, (360 * i) / points, radius));
  return line;
}

/** Horizontal length of a line of the given slope length (typical ropeway inclination). */
const horizontal = (spec: InstallationSpec) => (spec.kind === 'aerialTramway' ? 0.85 : 0.93) * spec.length;

const TOWER_FRACTIONS = [0, 0.3, 0.65, 1];

export function installationLine(spec: InstallationSpec, origin: LatLng): LatLng[] {
  if (spec.kind === 'stadium') return ring(origin, spec.length / 2, 12);
  if (spec.kind === 'mast') return [origin];
  if (spec.kind === 'bridge') return [origin, along(origin, spec.bearing, spec.length)];
  return TOWER_FRACTIONS.map((f) => along(origin, spec.bearing, f * horizontal(spec)));
}

/** The drawn line of one rope: parallel to its installation, or the structure's own geometry for buildings. */
export function ropeLine(spec: InstallationSpec, origin: LatLng, index: number, lateral: number): LatLng[] {
  if (spec.kind === 'stadium') {
    if (index < 2) return ring(origin, spec.length / 2 - index * 8, 12);
    const bearing = spec.bearing + (index - 2) * 90;
    return [along(origin, bearing, spec.length / 2 - 8), along(origin, bearing, spec.length / 2)];
  }
  if (spec.kind === 'mast') return [along(origin, 0, 0.5), along(origin, index * 90, 40)];
  const length = spec.kind === 'bridge' ? spec.length : horizontal(spec);
  const fractions = spec.kind === 'bridge' ? [0, 0.5, 1] : TOWER_FRACTIONS;
  return fractions.map((f) => along(origin, spec.bearing, f * length, lateral));
}

export { along };
