import type { InstallationAttributes } from '../hierarchy/installations.ts';
import type { RopeAttributes } from './schemas.ts';

const HOURS_PER_YEAR = 24 * 365.25;
const MS_PER_HOUR = 3600_000;

/** Bending cycles per operating hour: speed · 3600 / loop length · bends per revolution. */
export function cyclesPerHour(installation: InstallationAttributes, rope: RopeAttributes = {}): number | undefined {
  const loop = rope.loopLength ?? installation.loopLength;
  const { operatingSpeed, bendsPerRevolution } = installation;
  if (!operatingSpeed || !loop || !bendsPerRevolution) return undefined;
  return ((operatingSpeed * 3600) / loop) * bendsPerRevolution;
}

/**
 * Estimated bending cycles at a time: the rope's count at its known date plus the installation's rate over the
 * operating hours of the elapsed calendar time. Undefined when the rope has no known count.
 */
export function estimateBendingCycles(
  rope: RopeAttributes,
  installation: InstallationAttributes,
  at: Date,
): number | undefined {
  if (rope.bendingCyclesUntilNow === undefined) return undefined;
  const rate = cyclesPerHour(installation, rope);
  const since = rope.bendingCyclesUntilNowAt ? Date.parse(rope.bendingCyclesUntilNowAt) : undefined;
  if (!rate || since === undefined) return rope.bendingCyclesUntilNow;
  const elapsedHours = (at.getTime() - since) / MS_PER_HOUR;
  const operatingShare = (installation.operatingHoursPerYear ?? 0) / HOURS_PER_YEAR;
  return Math.max(0, rope.bendingCyclesUntilNow + rate * elapsedHours * operatingShare);
}

/** A count of bending cycles an inspection measured (TRUscan, an MRT file, an entered event). */
export interface MeasuredCycles {
  bendingCycles: number;
  timestamp: string;
}

/** The known count the current one is carried forward from: measured last, or the rope's own at its date. */
export type CyclesBasis =
  | { from: 'measured'; bendingCycles: number; at: string }
  | { from: 'rope'; bendingCycles: number; at?: string };

/** The newest known count: the one measured last or the rope's own count at its date (an undated own count gives way). */
export function cyclesBasis(rope: RopeAttributes, measured: MeasuredCycles | undefined): CyclesBasis | undefined {
  const ownDate = rope.bendingCyclesUntilNowAt ? Date.parse(rope.bendingCyclesUntilNowAt) : undefined;
  const measuredIsNewer =
    measured !== undefined &&
    (rope.bendingCyclesUntilNow === undefined || ownDate === undefined || Date.parse(measured.timestamp) > ownDate);
  if (measuredIsNewer) return { from: 'measured', bendingCycles: measured.bendingCycles, at: measured.timestamp };
  if (rope.bendingCyclesUntilNow === undefined) return undefined;
  return { from: 'rope', bendingCycles: rope.bendingCyclesUntilNow, at: rope.bendingCyclesUntilNowAt };
}

/**
 * The rope's bending cycles at a time: from the newest known count (cyclesBasis), carried forward at the
 * installation's rate.
 */
export function currentBendingCycles(
  rope: RopeAttributes,
  installation: InstallationAttributes,
  measured: MeasuredCycles | undefined,
  at: Date,
): number | undefined {
  const basis = cyclesBasis(rope, measured);
  if (basis === undefined) return undefined;
  const known = { bendingCyclesUntilNow: basis.bendingCycles, bendingCyclesUntilNowAt: basis.at };
  return estimateBendingCycles({ ...rope, ...known }, installation, at);
}

/** What the rope's current count is made of: its own count, its newest measured count and TRUscan's last report. */
export interface RopeCyclesInputs {
  rope: RopeAttributes;
  installation: InstallationAttributes;
  /** The newest measured count of the rope's live events (`newestMeasuredCycles`). */
  measured?: MeasuredCycles;
  /** The count the rope's TRUscan device reported last, used only when nothing else is known. */
  truscanCycles?: number;
}

/** The newest count an event of the rope measured (the newest timestamp wins), if any. */
export function newestMeasuredCycles(
  events: readonly { attributes: { bendingCycles?: number; timestamp: string } }[],
): MeasuredCycles | undefined {
  let newest: MeasuredCycles | undefined;
  for (const { attributes } of events) {
    if (attributes.bendingCycles === undefined) continue;
    if (newest === undefined || Date.parse(attributes.timestamp) > Date.parse(newest.timestamp))
      newest = { bendingCycles: attributes.bendingCycles, timestamp: attributes.timestamp };
  }
  return newest;
}

/**
 * THE current count of a rope, the one figure the bending-cycles answer, task lists, the due-task scan, recurrence
 * and reports use: the newest known count (measured or the rope's own at its date) carried forward at the
 * installation's rate, else what TRUscan reported last. Rounded once, here, to the nearest whole cycle (half up, as
 * every printed count rounds), so a threshold compared with it or built from it is whole too. Undefined when nothing
 * is known.
 */
export function ropeCyclesNow(inputs: RopeCyclesInputs, at: Date): number | undefined {
  const count = currentBendingCycles(inputs.rope, inputs.installation, inputs.measured, at) ?? inputs.truscanCycles;
  return count === undefined ? undefined : Math.round(count);
}
