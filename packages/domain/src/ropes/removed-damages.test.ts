import { describe, expect, it } from 'vitest';
import { effectiveDamages, removedDamages } from './effective-events.ts';
import { ropeEvent } from './test-fixtures.ts';

describe('damages removed by the rope history', () => {
  const before = '2025-01-01T00:00:00Z';
  const after = '2025-06-01T00:00:00Z';
  const inPiece = ropeEvent(105, { timestamp: before });
  const laterInPiece = ropeEvent(106, { timestamp: '2025-07-01T00:00:00Z' });
  const outside = ropeEvent(50, { timestamp: before });
  const piece = ropeEvent(100, { type: 'repairPiece', positionEnd: 110, timestamp: after });
  const cutOut = ropeEvent(202, { timestamp: before });
  const shortening = ropeEvent(200, {
    recordingType: 'mutation',
    type: 'shortening',
    lengthChange: -5,
    timestamp: after,
  });
  const events = [inPiece, laterInPiece, outside, piece, cutOut, shortening];

  it('names the repair piece or shortening that removed each earlier damage', () => {
    const removed = removedDamages(events);
    expect([...removed.keys()].sort()).toEqual([inPiece.id, cutOut.id].sort());
    expect(removed.get(inPiece.id)?.id).toBe(piece.id);
    expect(removed.get(cutOut.id)?.id).toBe(shortening.id);
  });

  it('leaves out exactly what the rope damage leaves out', () => {
    const counted = new Set(effectiveDamages(events).map((damage) => damage.id));
    const removed = removedDamages(events);
    for (const damage of [inPiece, laterInPiece, outside, cutOut])
      expect(counted.has(damage.id)).toBe(!removed.has(damage.id));
  });

  it('reads device positions at the datum, as the damage does', () => {
    const mrt = ropeEvent(95, { detection: 'mrt', timestamp: before });
    expect(removedDamages([mrt, piece], { positionOffset: 10 }).has(mrt.id)).toBe(true);
    expect(removedDamages([mrt, piece]).has(mrt.id)).toBe(false);
  });
});
