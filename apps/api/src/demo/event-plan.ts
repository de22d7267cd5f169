import { backgroundDraft, clusterDrafts } from './damage.ts';
import type { DemoRope } from './hierarchy.ts';
import { addRepairPiece, addRepairs, addShortening } from './maintenance.ts';
import { DAY, HOUR, type Rng, round, YEAR } from './random.ts';
import { measureSplices, planSplices } from './splices.ts';
import { MINUTE, type PlannedEvent, RopeTimeline } from './timeline.ts';

export type { PlannedEvent } from './timeline.ts';

/** Target utilisation of the rope's worst reference length (0 = no damage concentration). */
export interface RopeProfile {
  utilisation: number;
  wornSplice: boolean;
}

const MANUAL_PER_YEAR = { haul: 2, counter: 1.2, tension: 0.4, track: 0.6, structural: 0.4, guy: 0.5 };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Four to six years of one rope's life: yearly inspections (MRT, splices, visual or diameter), scattered
 * minor damages, a growing damage concentration sized by the profile, repairs, a repair piece and a
 * shortening on some ropes.
 */
export function planRopeEvents(
  rope: DemoRope,
  profile: RopeProfile,
  rng: Rng,
  ref: number,
  reporters: number[],
): PlannedEvent[] {
  const tl = new RopeTimeline(rope, rng, ref, reporters);
  const a = rope.attributes;
  const d = a.nominalDiameter ?? 40;
  const length = a.ropeLength ?? 1000;
  const hoursPerYear = rope.installation.attributes.operatingHoursPerYear ?? 0;
  const start = Math.max(rope.installedAt + 30 * DAY, ref - rng.int(4, 6) * YEAR);
  const isBuilding = rope.role === 'structural' || rope.role === 'guy';
  const month = isBuilding ? rng.pick([6, 7, 8]) : rng.pick([4, 5, 9]);
  const inspections: number[] = [];
  for (let year = new Date(start).getUTCFullYear(); year <= new Date(ref).getUTCFullYear(); year++) {
    const t = Date.UTC(year, month, rng.int(3, 26), rng.int(6, 9), rng.int(0, 59));
    if (t > start && t < ref - 3 * DAY) inspections.push(t);
  }
  const everyYear = rope.role === 'haul' || rope.role === 'counter' || rope.role === 'tension';
  const mrtTimes = inspections.filter((_, i) => everyYear || i % 2 === 0);
  const splices = rope.spliced ? planSplices(rng, d, length, profile.wornSplice) : [];
  if (splices[0] && inspections.length >= 3 && rng.chance(0.6)) {
    const i = Math.floor(inspections.length / 2);
    const at = tl.daytime((inspections[i]! + inspections[i - 1]!) / 2);
    tl.mutation = { at, position: splices[0].start, lengthChange: -round(rng.float(4, 22), 1) };
  }

  const clusterAt = round(rng.float(0.08, 0.9) * length, 2);
  const clusterFindings = new Map<number, number>();
  if (profile.utilisation > 0) {
    const drafts = clusterDrafts(rng, a, profile.utilisation, rng.int(3, 6), clusterAt);
    const from = Math.max(start, ref - 2.5 * YEAR);
    const recentMrt = mrtTimes.filter((t) => t >= from);
    const byMrt = recentMrt.length >= 2 && rng.chance(0.5);
    drafts.forEach((draft, i) => {
      if (byMrt) {
        const t = recentMrt[Math.floor((i * recentMrt.length) / drafts.length)]!;
        const n = (clusterFindings.get(t) ?? 0) + 1;
        clusterFindings.set(t, n);
        tl.damage(t + (30 + n) * MINUTE, draft, true);
      } else {
        tl.damage(
          tl.daytime(from + ((i + rng.float(0.2, 0.8)) / drafts.length) * (ref - 10 * DAY - from)),
          draft,
          false,
        );
      }
    });
  }

  for (const t of inspections) {
    const cycles = tl.cycles(t);
    const withCycles = cycles !== undefined ? { bendingCycles: cycles } : {};
    if (mrtTimes.includes(t)) {
      const found = length > 400 ? rng.int(0, 2) : rng.chance(0.25) ? 1 : 0;
      const total = found + (clusterFindings.get(t) ?? 0);
      const hours =
        hoursPerYear > 0 ? { operationHours: Math.round((hoursPerYear * (t - rope.installedAt)) / YEAR) } : {};
      const summary = total ? plural(total, 'local finding') : 'no significant findings';
      tl.push(
        t,
        null,
        {
          recordingType: 'measurement',
          type: 'mrtInspection',
          isImported: rng.chance(0.5),
          ...withCycles,
          ...hours,
          description: `Magnetic rope test over the full length: ${summary}`,
        },
        'mrt',
      );
      for (let f = 0; f < found; f++) tl.damage(t + (f + 1) * MINUTE, backgroundDraft(rng, a, length), true);
    }
    if (splices.length > 0) {
      tl.push(t + 2 * HOUR, null, {
        recordingType: 'measurement',
        type: 'spliceInspection',
        ...withCycles,
        description: `Splice inspection of ${plural(splices.length, 'long splice')}`,
        splices: measureSplices(rng, splices, d, rope.installedAt, t, (p) => tl.stored(p, t)),
      });
    }
    const visual = !isBuilding && rope.role !== 'track';
    const diameter = `Mean diameter ${round(d * rng.float(0.985, 1.0), 1)} mm (nominal ${d} mm)`;
    tl.push(t + 4 * HOUR, null, {
      recordingType: 'measurement',
      type: visual ? 'visualInspection' : 'diameterMeasurement',
      description: visual ? 'Annual visual inspection at 0.3 m/s' : diameter,
    });
  }

  const manual = Math.round(((ref - start) / YEAR) * MANUAL_PER_YEAR[rope.role] * rng.float(0.6, 1.4));
  for (let i = 0; i < manual; i++)
    tl.damage(tl.daytime(rng.float(start, ref - 2 * DAY)), backgroundDraft(rng, a, length), false);

  if (everyYear) addRepairs(tl, clusterAt);
  if (rope.role === 'haul' && rope.spliced && inspections.length >= 2 && rng.chance(0.45)) {
    addRepairPiece(tl, length, d, tl.daytime(inspections[inspections.length - 2]! + 20 * DAY), clusterAt);
  }
  addShortening(tl);
  return tl.planned();
}
