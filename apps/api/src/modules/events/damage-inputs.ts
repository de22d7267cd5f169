import { type Db, queryRows } from '@rope/db/client';
import { positionOrder } from '@rope/domain/rope/damage-columns';
import type { DamageRows } from '@rope/domain/rope/rope-damage';
import { sql } from 'drizzle-orm';

/**
 * The packed copy of a rope's damage rows (rope_damage_inputs), little-endian, sorted by position then id:
 * n (uint32) and 4 bytes of padding, then position, lossAmount (NaN for none) and occurredAt as float64, id and
 * count as int32, flags as uint8 (DAMAGE_FLAGS). Float columns come first so every column is
 * aligned for a typed-array view.
 */
export function packDamageRows(rows: DamageRows): Uint8Array {
  const n = rows.id.length;
  const order = positionOrder(Float64Array.from(rows.position), rows.id);
  const buffer = new ArrayBuffer(8 + 24 * n + 8 * n + n);
  new Uint32Array(buffer, 0, 1)[0] = n;
  const position = new Float64Array(buffer, 8, n);
  const lossAmount = new Float64Array(buffer, 8 + 8 * n, n);
  const occurredAt = new Float64Array(buffer, 8 + 16 * n, n);
  const id = new Int32Array(buffer, 8 + 24 * n, n);
  const count = new Int32Array(buffer, 8 + 28 * n, n);
  const flags = new Uint8Array(buffer, 8 + 32 * n, n);
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

export function unpackDamageRows(data: Uint8Array): DamageRows {
  // A copy (Buffer#slice would be a view of the driver's pool), so the columns are aligned and ours alone.
  const buffer = new Uint8Array(data).buffer;
  const n = new Uint32Array(buffer, 0, 1)[0]!;
  return {
    position: new Float64Array(buffer, 8, n),
    lossAmount: new Float64Array(buffer, 8 + 8 * n, n),
    occurredAt: new Float64Array(buffer, 8 + 16 * n, n),
    id: new Int32Array(buffer, 8 + 24 * n, n),
    damageCount: new Int32Array(buffer, 8 + 28 * n, n),
    flags: new Uint8Array(buffer, 8 + 32 * n, n),
    sorted: true,
  };
}

/** Keeps the packed copy; called in the transaction that changed the events, after the rope row is locked. */
export async function writeDamageInputs(db: Db, ropeId: number, rows: DamageRows): Promise<void> {
  const packed = Buffer.from(packDamageRows(rows).buffer);
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
