import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionOrder } from './damage-columns.ts';
import { mergeDamageRows } from './damage-rows-merge.ts';
import { DAMAGE_FLAGS, type DamageRows, rowDatumPositions } from './rope-damage.ts';

interface Row {
  id: number;
  position: number;
  damageCount: number;
  lossAmount: number | null;
  flags: number;
  occurredAt: number;
}

const rowsOf = (list: Row[]): DamageRows => ({
  id: list.map((row) => row.id),
  position: list.map((row) => row.position),
  damageCount: list.map((row) => row.damageCount),
  lossAmount: list.map((row) => row.lossAmount),
  flags: list.map((row) => row.flags),
  occurredAt: list.map((row) => row.occurredAt),
});

/** The rows sorted from scratch, as the packed copy is written. */
function sortedFor(list: Row[], offset: number): Row[] {
  const order = positionOrder(rowDatumPositions(rowsOf(list), offset), rowsOf(list).id);
  return Array.from(order, (i) => list[i]!);
}

const listOf = (rows: DamageRows): Row[] =>
  Array.from(rows.id, (id, i) => ({
    id,
    position: rows.position[i]!,
    damageCount: rows.damageCount[i]!,
    lossAmount: Number.isNaN(rows.lossAmount[i]) ? null : rows.lossAmount[i]!,
    flags: rows.flags[i]!,
    occurredAt: rows.occurredAt![i]!,
  }));

const row = (id: number) =>
  fc.record({
    id: fc.constant(id),
    // Few distinct positions, so that ties (broken by id) are common.
    position: fc.oneof(
      fc.integer({ min: 0, max: 20 }),
      fc.double({ min: -5, max: 500, noNaN: true, noDefaultInfinity: true }),
    ),
    damageCount: fc.integer({ min: 0, max: 5 }),
    lossAmount: fc.option(fc.double({ min: 0, max: 20, noNaN: true })),
    flags: fc.constantFrom(0, DAMAGE_FLAGS.lossInMm2, DAMAGE_FLAGS.foundByMrt, 3),
    occurredAt: fc.integer({ min: 0, max: 2e12 }),
  });

describe('mergeDamageRows', () => {
  it('gives the rows a sort from scratch gives, for any kept rows, changed ids and current rows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => row(i + 1)))),
        fc.array(fc.integer({ min: 1, max: 80 }), { maxLength: 20 }),
        fc.constantFrom(0, 7.5, -3),
        fc.boolean(),
        (kept, changed, offset, typed) => {
          const changedIds = [...new Set(changed)];
          // Of the changed events, some are damages now (new rows, or old ones moved), the others are gone.
          const current = changedIds
            .filter((id) => id % 3 !== 0)
            .map((id) => ({ ...(kept.find((r) => r.id === id) ?? kept[0] ?? baseRow(id)), id, position: id * 1.5 }));
          const sorted = rowsOf(sortedFor(kept, offset));
          const keptRows = { ...(typed ? typedRows(sorted) : sorted), sortedForOffset: offset };
          const merged = mergeDamageRows(keptRows, changedIds, rowsOf(current));
          const expected = sortedFor([...kept.filter((r) => !changedIds.includes(r.id)), ...current], offset);
          expect(merged.sortedForOffset).toBe(offset);
          expect(listOf(merged)).toEqual(expected);
        },
      ),
    );
  });

  it('keeps unsorted rows unsorted and drops the changed ids', () => {
    const kept = rowsOf([baseRow(1), baseRow(2), baseRow(3)]);
    const merged = mergeDamageRows(kept, [2, 4], rowsOf([{ ...baseRow(4), position: 1 }]));
    expect(Array.from(merged.id)).toEqual([1, 3, 4]);
    expect(merged.sortedForOffset).toBeUndefined();
  });
});

/** The columns as a packed copy unpacks them. */
function typedRows(rows: DamageRows): DamageRows {
  return {
    id: Int32Array.from(rows.id),
    position: Float64Array.from(rows.position),
    damageCount: Int32Array.from(rows.damageCount),
    lossAmount: Float64Array.from(rows.lossAmount, (amount) => amount ?? Number.NaN),
    flags: Uint8Array.from(rows.flags),
    occurredAt: Float64Array.from(rows.occurredAt!),
  };
}

function baseRow(id: number): Row {
  return { id, position: id * 10, damageCount: 1, lossAmount: null, flags: 0, occurredAt: 1_700_000_000_000 };
}
