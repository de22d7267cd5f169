import { type Db, queryRows } from '@rope/db/client';
import { positionOrder } from '@rope/domain/ropes/damage-columns';
import { mergeDamageRows } from '@rope/domain/ropes/damage-rows-merge';
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

/**
 * Keeps the packed copy, with the events changed since folded in: called in a transaction that holds the rope
 * row's lock (as the rope_events trigger takes it), so no change is noted between the read and this write.
 */
export async function writeDamageInputs(
  db: Db,
  ropeId: number,
  rows: DamageRows,
  positionOffset: number,
): Promise<void> {
  const packed = Buffer.from(packDamageRows(rows, positionOffset).buffer);
  // As base64 text both ways: PGlite turns a bytea parameter or result into bytes twenty times slower than this.
  await db.execute(
    sql`with "folded" as (delete from rope_damage_input_changes where rope_id = ${ropeId})
        insert into rope_damage_inputs (rope_id, data) values (${ropeId}, decode(${packed.toString('base64')}, 'base64'))
        on conflict (rope_id) do update set data = excluded.data, written_at = now()`,
  );
}

/** Drops the packed copy (and the changes noted against it); under the rope row's lock, as writeDamageInputs. */
export async function dropDamageInputs(db: Db, ropeId: number): Promise<void> {
  await db.execute(sql`delete from rope_damage_inputs where rope_id = ${ropeId}`);
}

/** A packed copy as read, with the changed events merged in. */
export interface KeptDamageInputs {
  rows: DamageRows;
  /** A changed event is now a mutation or a repair piece: the rope needs its whole events, the rows are not usable. */
  history: boolean;
  /** How many changed events were merged in: past foldsAfter(rows) a writer folds them into the copy. */
  changes: number;
}

/**
 * The rope's packed copy with the events changed since merged in (rope_damage_input_changes), read in one
 * statement so that a fold committed meanwhile cannot be half seen; undefined without a copy.
 */
export async function readDamageInputs(db: Db, ropeId: number): Promise<KeptDamageInputs | undefined> {
  const pieces = await queryRows<{ piece: string; changes: string | null }>(
    db,
    // The changes are gathered once, before the pieces: as a subquery of each piece, its estimated cost times the
    // thousand pieces the planner assumes generate_series gives made PostgreSQL compile the statement (JIT, 10 ms).
    // Each changed event is looked up by its key in a subquery of its own: as a join, a generic plan could read every
    // event of the rope to find the few changed ones.
    sql`with "changed" as (
          select json_agg(json_build_array(c.event_id,
              (select json_build_array(
                  case when e.is_deleted then ${sql.raw(String(GONE))}
                       when e.recording_type = 'mutation' or e.type = 'repairPiece' then ${sql.raw(String(HISTORY))}
                       when e.damage_fields is null then ${sql.raw(String(GONE))}
                       else ${sql.raw(String(DAMAGE))} end,
                  e.damage_fields, floor(extract(epoch from e.occurred_at) * 1000)::bigint)
               from rope_events e where e.id = c.event_id and e.rope_id = c.rope_id)))::text as "changes"
          from rope_damage_input_changes c where c.rope_id = ${ropeId}
        )
        select encode(substring(i.data from s for ${sql.raw(String(PIECE_BYTES))}), 'base64') as piece,
               case when s = 1 then "changed"."changes" end as changes
        from rope_damage_inputs i
          cross join "changed"
          cross join generate_series(1, octet_length(i.data), ${sql.raw(String(PIECE_BYTES))}) as s
        where i.rope_id = ${ropeId} order by s`,
  );
  if (pieces.length === 0) return undefined;
  const kept = unpackDamageRows(Buffer.concat(pieces.map(({ piece }) => Buffer.from(piece, 'base64'))));
  if (!kept) return undefined;
  const changes: ChangedEvent[] = pieces[0]!.changes ? JSON.parse(pieces[0]!.changes) : [];
  if (changes.length === 0) return { rows: kept, history: false, changes: 0 };
  const history = changes.some(([, now]) => now?.[0] === HISTORY);
  const current = changes.filter((change): change is CurrentEvent => change[1]?.[0] === DAMAGE);
  const rows = mergeDamageRows(
    kept,
    changes.map(([id]) => id),
    currentRows(current),
  );
  return { rows, history, changes: changes.length };
}

/**
 * The copy is read in pieces of this many bytes, each a row of its own: the column is stored uncompressed
 * (migration 0025), so PostgreSQL reads only a piece's TOAST chunks for it, and no piece is large enough for the
 * server's allocator to map fresh memory for it. Read whole (1.6 MB for 50,000 events, compressed), the same copy
 * took 25-57 ms against 8-14 ms in pieces on a 2-core VM, most of it page faults on the new mappings.
 */
const PIECE_BYTES = 65_536;

/** The changed events merged in at a read, past which a writer folds them into the copy (rewrites it). */
export function foldsAfter(rows: DamageRows): number {
  return Math.min(256, Math.max(16, rows.id.length >> 4));
}

const GONE = 0;
const DAMAGE = 1;
const HISTORY = 2;

/**
 * An event named in rope_damage_input_changes: its id and, unless it no longer exists on the rope, its state,
 * damage_fields (position, count, lossAmount, flags) and occurredAt in ms.
 */
type ChangedEvent = [number, [number, string | null, number] | null];
type CurrentEvent = [number, [number, string | null, number]];

function currentRows(changes: CurrentEvent[]): DamageRows {
  const fields = changes.map(
    ([, [, damageFields]]) => JSON.parse(`[${damageFields}]`) as [number, number, number | null, number],
  );
  return {
    id: changes.map(([id]) => id),
    position: fields.map(([position]) => position),
    damageCount: fields.map(([, count]) => count),
    lossAmount: fields.map(([, , lossAmount]) => lossAmount),
    flags: fields.map(([, , , flags]) => flags),
    occurredAt: changes.map(([, [, , at]]) => at),
  };
}
