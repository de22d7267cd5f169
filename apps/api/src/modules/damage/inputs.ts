import { type Db, queryRows } from '@rope/db/client';
import { positionOrder } from '@rope/domain/ropes/damage-columns';
import { type DamageRows, rowDatumPositions } from '@rope/domain/ropes/rope-damage';
import { sql } from 'drizzle-orm';

/** Format of the packed copy; a copy of another format is ignored (the chart then reads the rows in bulk). */
const PACK_FORMAT = 2;
const HEADER = 16;

/**
 * The packed copy of a rope's damage rows (rope_damage_inputs), little-endian, sorted by datum position (the
 * domain's rowDatumPositions for the rope's position offset) then id: n (uint32), the format (uint32) and that
 * position offset (float64), then the stored position, lossAmount (NaN for none) and occurredAt as float64, id and
 * count as int32, flags as uint8 (DAMAGE_FLAGS). Float columns come first so every column is aligned for a
 * typed-array view. The positions stay as recorded: the domain applies the offset, once.
 */
export function packDamageRows(rows: DamageRows, positionOffset: number): Uint8Array {
  const n = rows.id.length;
  const order = positionOrder(rowDatumPositions(rows, positionOffset), rows.id);
  const buffer = new ArrayBuffer(HEADER + 24 * n + 8 * n + n);
  new Uint32Array(buffer, 0, 2).set([n, PACK_FORMAT]);
  new Float64Array(buffer, 8, 1)[0] = positionOffset;
  const position = new Float64Array(buffer, HEADER, n);
  const lossAmount = new Float64Array(buffer, HEADER + 8 * n, n);
  const occurredAt = new Float64Array(buffer, HEADER + 16 * n, n);
  const id = new Int32Array(buffer, HEADER + 24 * n, n);
  const count = new Int32Array(buffer, HEADER + 28 * n, n);
  const flags = new Uint8Array(buffer, HEADER + 32 * n, n);
  for (let k = 0; k < n; k += 1) {
    const i = order[k]!;
    position[k] = rows.position[i]!;
    lossAmount[k] = rows.lossAmount[i] ?? Number.NaN;
    occurredAt[k] = rows.occurredAt?.[i] ?? Number.NaN;
    id[k] = rows.id[i]!;
    count[k] = rows.damageCount[i]!;
    flags[k] = rows.flags[i]!;
  }
  return new Uint8Array(buffer);
}

/** The rows of a packed copy; undefined for a copy of an older format. */
export function unpackDamageRows(data: Uint8Array): DamageRows | undefined {
  // A copy (Buffer#slice would be a view of the driver's pool), so the columns are aligned and ours alone.
  const buffer = new Uint8Array(data).buffer;
  if (buffer.byteLength < HEADER) return undefined;
  const [n, format] = new Uint32Array(buffer, 0, 2) as unknown as [number, number];
  if (format !== PACK_FORMAT || buffer.byteLength !== HEADER + 33 * n) return undefined;
  return {
    position: new Float64Array(buffer, HEADER, n),
    lossAmount: new Float64Array(buffer, HEADER + 8 * n, n),
    occurredAt: new Float64Array(buffer, HEADER + 16 * n, n),
    id: new Int32Array(buffer, HEADER + 24 * n, n),
    damageCount: new Int32Array(buffer, HEADER + 28 * n, n),
    flags: new Uint8Array(buffer, HEADER + 32 * n, n),
    sortedForOffset: new Float64Array(buffer, 8, 1)[0]!,
  };
}

/** Keeps the packed copy; called in the transaction that changed the events, after the rope row is locked. */
export async function writeDamageInputs(
  db: Db,
  ropeId: number,
  rows: DamageRows,
  positionOffset: number,
): Promise<void> {
  const packed = Buffer.from(packDamageRows(rows, positionOffset).buffer);
  // As base64 text both ways: PGlite turns a bytea parameter or result into bytes twenty times slower than this.
  await db.execute(
    sql`insert into rope_damage_inputs (rope_id, data) values (${ropeId}, decode(${packed.toString('base64')}, 'base64'))
        on conflict (rope_id) do update set data = excluded.data, written_at = now()`,
  );
}

export async function readDamageInputs(db: Db, ropeId: number): Promise<DamageRows | undefined> {
  const [row] = await queryRows<{ data: string }>(
    db,
    sql`select encode(data, 'base64') as data from rope_damage_inputs where rope_id = ${ropeId}`,
  );
  return row ? unpackDamageRows(Buffer.from(row.data, 'base64')) : undefined;
}
