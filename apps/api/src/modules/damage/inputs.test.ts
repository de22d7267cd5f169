import { DAMAGE_FLAGS } from '@rope/domain/ropes/rope-damage';
import { describe, expect, it } from 'vitest';
import { packDamageRows, unpackDamageRows } from './inputs.ts';

const rows = {
  id: [1, 2, 3],
  position: [100, 90, 50],
  damageCount: [1, 2, 3],
  lossAmount: [null, 1.5, null],
  flags: [0, DAMAGE_FLAGS.foundByMrt, 0],
  occurredAt: [1, 2, 3],
};

describe('packed damage rows', () => {
  it('sorts by datum position for the offset it records, and keeps the positions as recorded', () => {
    const unpacked = unpackDamageRows(packDamageRows(rows, 12.5))!;
    // The MRT damage read at 90 m lies at 102.5 m from the datum: after the damage at 100 m.
    expect(Array.from(unpacked.id)).toEqual([3, 1, 2]);
    expect(Array.from(unpacked.position)).toEqual([50, 100, 90]);
    expect(unpacked.sortedForOffset).toBe(12.5);
    expect(Array.from(unpacked.lossAmount, (value) => (Number.isNaN(value) ? null : value))).toEqual([null, null, 1.5]);
  });

  it('ignores a copy of the format before the offset (8-byte header), so the rows are read in bulk', () => {
    const n = 2;
    const old = new Uint8Array(8 + 33 * n);
    new Uint32Array(old.buffer, 0, 1)[0] = n;
    expect(unpackDamageRows(old)).toBeUndefined();
    expect(unpackDamageRows(new Uint8Array(4))).toBeUndefined();
  });
});
