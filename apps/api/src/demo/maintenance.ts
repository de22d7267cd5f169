import { DAY, round } from './random.ts';
import type { RopeTimeline } from './timeline.ts';

/** Broken wires that were dealt with: the damage turns 'repaired' and a repair event follows it. */
export function addRepairs(tl: RopeTimeline, keepClear: number): void {
  const { rng, ref } = tl;
  const candidates = tl.events.filter(
    (e) =>
      e.attributes.detection === 'manual' &&
      e.attributes.type === 'wireBreak' &&
      e.at < ref - 30 * DAY &&
      Math.abs((e.physical ?? 0) - keepClear) > 5,
  );
  for (const hit of candidates.slice(0, rng.int(0, 2))) {
    hit.attributes.actionStatus = 'repaired';
    tl.push(tl.daytime(hit.at + rng.int(1, 20) * DAY), hit.physical, {
      recordingType: 'damage',
      type: 'repair',
      actionStatus: 'repaired',
      description: 'Protruding wire ends removed, broken wire tucked in',
    });
  }
}

/**
 * A repair piece (new rope section with two long splices) placed in the half of the rope away from `keepClear`;
 * earlier damages inside its range are marked repaired (the damage chart drops them).
 */
export function addRepairPiece(tl: RopeTimeline, length: number, d: number, at: number, keepClear: number): void {
  const span = round((2 * 1250 * d) / 1000 + tl.rng.float(40, 120), 1);
  const from = keepClear > length / 2 ? round(length * 0.05, 1) : round(length * 0.55, 1);
  for (const e of tl.events) {
    const p = e.physical;
    const inside = p !== null && p >= from && p <= from + span;
    if (inside && e.at < at && e.attributes.recordingType === 'damage') e.attributes.actionStatus = 'repaired';
  }
  tl.push(at, from, {
    recordingType: 'damage',
    type: 'repairPiece',
    actionStatus: 'repaired',
    positionEnd: round(tl.stored(from + span, at), 2),
    description: `Repair piece of ${span} m inserted with two long splices`,
  });
}

export function addShortening(tl: RopeTimeline): void {
  const m = tl.mutation;
  if (!m) return;
  const cycles = tl.cycles(m.at);
  tl.push(m.at, m.position, {
    recordingType: 'mutation',
    type: 'shortening',
    lengthChange: m.lengthChange,
    mutationRelevance: 'relevant',
    ...(cycles !== undefined ? { bendingCycles: cycles } : {}),
    description: `Rope shortened by ${-m.lengthChange} m by re-splicing`,
  });
}
