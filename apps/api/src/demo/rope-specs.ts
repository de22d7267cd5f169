import type { RopeAttributes } from '@rope/domain/ropes/schemas';
import type { InstallationSpec } from './catalog.ts';
import { ROPE_MANUFACTURERS } from './catalog.ts';
import { iso, type Rng, round, YEAR } from './random.ts';

export type RopeRole = 'haul' | 'counter' | 'tension' | 'track' | 'structural' | 'guy';

export interface RopePlan {
  name: string;
  role: RopeRole;
  attributes: RopeAttributes;
  /** Endless haul ropes carry long splices. */
  spliced: boolean;
  cyclesPerYear: number;
  installedAt: number;
  /** Lateral offset of the drawn line from the installation axis, m. */
  lateral: number;
}

export interface OperatingData {
  speed: number;
  loopLength: number;
  bends: number;
  hours: number;
}

interface Construction {
  name: string;
  type: NonNullable<RopeAttributes['ropeType']>;
  fill: number;
  /** Outer wire diameter relative to the nominal diameter. */
  wire: number;
  outerWires?: number;
  core?: RopeAttributes['ropeCore'];
  grade: number;
}

const SEALE: Construction = {
  name: '6x19 Seale',
  type: 'strandedRope',
  fill: 0.384,
  wire: 0.065,
  outerWires: 54,
  core: 'plasticCore',
  grade: 1960,
};
const WS_FIBRE: Construction = {
  name: '6x36 Warrington-Seale',
  type: 'strandedRope',
  fill: 0.4,
  wire: 0.045,
  outerWires: 84,
  core: 'fibreCore',
  grade: 1960,
};
const WS_STEEL: Construction = {
  name: '6x36 Warrington-Seale IWRC',
  type: 'strandedRope',
  fill: 0.47,
  wire: 0.045,
  outerWires: 84,
  core: 'steelCore',
  grade: 1770,
};
const LOCKED: Construction = {
  name: 'Full locked coil, 2 layers Z-wire',
  type: 'fullLockedCoilRope',
  fill: 0.68,
  wire: 0.105,
  grade: 1570,
};
const SPIRAL: Construction = {
  name: 'Spiral strand 1x61',
  type: 'spiralStrandRope',
  fill: 0.58,
  wire: 0.111,
  grade: 1570,
};

const evenBetween = (rng: Rng, min: number, max: number) => 2 * rng.int(Math.ceil(min / 2), Math.floor(max / 2));

function ropeAttributes(
  rng: Rng,
  c: Construction,
  application: NonNullable<RopeAttributes['ropeApplication']>,
  d: number,
  length: number,
  installedAt: number,
): RopeAttributes {
  const area = round(c.fill * d * d, 1);
  const stranded = c.type === 'strandedRope';
  return {
    ropeType: c.type,
    ropeApplication: application,
    construction: c.name,
    ropeDesign: stranded ? (rng.chance(0.5) ? 'Compacted strands' : 'Standard strands') : 'Galvanized, sealed',
    ...(c.core ? { ropeCore: c.core } : {}),
    ropeSurface: stranded ? rng.pick(['bright', 'galvanized'] as const) : 'zincAluminium',
    nominalDiameter: d,
    fillFactor: c.fill,
    metallicCrossSection: area,
    outerWireDiameter: round(c.wire * d, 2),
    ...(c.outerWires ? { loadBearingOuterWires: c.outerWires } : {}),
    ...(stranded ? { ropeLay: application === 'tensionRope' ? 'ordinary' : 'lang' } : {}),
    ...(stranded ? { ropeLayDirection: rng.pick(['right', 'left'] as const) } : {}),
    standard: 'EN12927',
    tensileStrengthGrade: c.grade,
    minimumBreakingForce: round((area * c.grade * (stranded ? 0.86 : 0.9)) / 1000),
    installationYear: new Date(installedAt).getUTCFullYear(),
    ropeManufacturer: rng.pick(ROPE_MANUFACTURERS),
    ropeLength: round(length, 1),
    positionOffset: 0,
  };
}

/** Bending cycles and their reference date; expected life sized so that older ropes approach it. */
function withCycles(
  rng: Rng,
  a: RopeAttributes,
  perYear: number,
  installedAt: number,
  ref: number,
  lifeYears: [number, number] = [11, 18],
): RopeAttributes {
  const years = (ref - installedAt) / YEAR;
  return {
    ...a,
    bendingCyclesUntilNow: Math.round(perYear * years),
    bendingCyclesUntilNowAt: iso(ref),
    expectedServiceLife: Math.max(10_000, Math.round((perYear * rng.float(...lifeYears)) / 10_000) * 10_000),
  };
}

export function planRopes(spec: InstallationSpec, op: OperatingData, rng: Rng, ref: number): RopePlan[] {
  const refYear = new Date(ref).getUTCFullYear();
  const since = (minAge: number, maxAge: number) => {
    const year = Math.max(spec.year, refYear - rng.int(minAge, maxAge));
    return Date.UTC(year, rng.int(4, 10), rng.int(1, 28));
  };
  const haulRate = ((op.speed * 3600) / op.loopLength) * op.bends * op.hours;
  const plans: RopePlan[] = [];
  const add = (
    name: string,
    role: RopeRole,
    attributes: RopeAttributes,
    rate: number,
    installedAt: number,
    lateral: number,
  ) => plans.push({ name, role, attributes, spliced: false, cyclesPerYear: rate, installedAt, lateral });

  if (spec.kind === 'chairlift' || spec.kind === 'gondola' || spec.kind === 'funicular') {
    const d =
      spec.kind === 'gondola'
        ? evenBetween(rng, 46, 54)
        : spec.kind === 'chairlift'
          ? evenBetween(rng, 36, 46)
          : evenBetween(rng, 40, 52);
    const at = since(4, 15);
    const haul = ropeAttributes(rng, rng.chance(0.5) ? SEALE : WS_FIBRE, 'haulRope', d, op.loopLength, at);
    haul.loopLength = op.loopLength;
    haul.positionOffset = round(rng.float(0, 35), 1);
    add('Haul rope', 'haul', withCycles(rng, haul, haulRate, at, ref), haulRate, at, 4);
    const last = plans[plans.length - 1] as RopePlan;
    last.spliced = spec.kind !== 'funicular';
    const tAt = since(3, 12);
    const tension = ropeAttributes(rng, WS_STEEL, 'tensionRope', evenBetween(rng, 30, 40), rng.int(60, 160), tAt);
    add(
      'Tension rope',
      'tension',
      withCycles(rng, tension, haulRate * 0.08, tAt, ref, [25, 40]),
      haulRate * 0.08,
      tAt,
      -6,
    );
  } else if (spec.kind === 'aerialTramway') {
    const tracks = spec.doubleTrack ? ['1 left', '1 right', '2 left', '2 right'] : ['1', '2'];
    const dTrack = evenBetween(rng, 46, 64);
    const trackAt = since(10, 30);
    tracks.forEach((t, i) => {
      const a = ropeAttributes(rng, LOCKED, 'trackRope', dTrack, spec.length * 1.04 + 80, trackAt);
      add(`Track rope ${t}`, 'track', a, 0, trackAt, (i < tracks.length / 2 ? -1 : 1) * (8 + (i % 2) * 1.5));
    });
    const at = since(3, 10);
    const haul = ropeAttributes(rng, WS_FIBRE, 'haulRope', evenBetween(rng, 34, 46), op.loopLength, at);
    haul.loopLength = op.loopLength;
    haul.positionOffset = round(rng.float(0, 20), 1);
    add('Haul rope', 'haul', withCycles(rng, haul, haulRate, at, ref), haulRate, at, 0);
    const cAt = since(3, 12);
    const counter = ropeAttributes(rng, WS_FIBRE, 'haulRope', evenBetween(rng, 28, 38), op.loopLength, cAt);
    add('Counter rope', 'counter', withCycles(rng, counter, haulRate, cAt, ref), haulRate, cAt, 1);
    if (spec.doubleTrack) {
      for (const of of ['haul rope', 'counter rope']) {
        const tAt = since(3, 12);
        const tension = ropeAttributes(rng, WS_STEEL, 'tensionRope', evenBetween(rng, 32, 40), rng.int(90, 180), tAt);
        add(
          `Tension rope (${of})`,
          'tension',
          withCycles(rng, tension, haulRate * 0.05, tAt, ref, [25, 40]),
          haulRate * 0.05,
          tAt,
          -12,
        );
      }
    }
  } else if (spec.kind === 'mast') {
    for (const [i, side] of ['A (north)', 'B (east)', 'C (south)', 'D (west)'].entries()) {
      const a = ropeAttributes(rng, WS_STEEL, 'structuralRope', 26, 64 + i * 0.5, Date.UTC(spec.year, 8, 15));
      a.standard = 'ISO4309';
      a.ropeLay = 'ordinary';
      add(`Guy rope ${side}`, 'guy', a, 0, Date.UTC(spec.year, 8, 15), 0);
    }
  } else {
    const built = Date.UTC(spec.year, 5, 1);
    const bridge = spec.kind === 'bridge';
    const names = bridge
      ? [
          'Main cable north',
          'Main cable south',
          'Handrail cable north',
          'Handrail cable south',
          'Wind bracing east',
          'Wind bracing west',
        ]
      : [
          'Ring cable outer',
          'Ring cable inner',
          'Radial cable R1',
          'Radial cable R2',
          'Radial cable R3',
          'Radial cable R4',
        ];
    names.forEach((name, i) => {
      const main = i < 2;
      const d = bridge ? (main ? 72 : i < 4 ? 36 : 44) : main ? (i === 0 ? 96 : 80) : 48;
      const length = bridge ? spec.length * (main ? 1.12 : 1.04) : main ? (i === 0 ? 302 : 226) : 42;
      const c = !bridge && main ? LOCKED : SPIRAL;
      add(
        name,
        'structural',
        ropeAttributes(rng, c, 'structuralRope', d, length, built),
        0,
        built,
        (i % 2 ? 1 : -1) * (2 + i),
      );
    });
  }
  return plans;
}
