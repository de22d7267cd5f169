import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** ControlFileData (PostgreSQL's pg_control): `state` at byte 16, the last checkpoint's location at byte 32. */
const STATE_OFFSET = 16;
const CHECKPOINT_OFFSET = 32;
/** DBState's DB_SHUTDOWNED: the cluster stopped cleanly, its last record is the shutdown checkpoint. */
const SHUT_DOWN = 1;
const SEGMENT_NAME = /^[0-9A-F]{24}$/;

/**
 * Removes the WAL segments a cleanly stopped PGlite directory does not need, and answers the bytes removed: all but
 * the segment of the last checkpoint and the one after it (a record may cross into it). The others are segments
 * PostgreSQL renamed for reuse after its checkpoint, two thirds of the demo directory (257 of 396 MB), copied for
 * every browser test server and never read; PostgreSQL makes new ones when it needs them. A directory that did not
 * stop cleanly is left as it is.
 */
export function trimWal(dataDir: string): number {
  const control = readFileSync(join(dataDir, 'global', 'pg_control'));
  if (control.readUInt32LE(STATE_OFFSET) !== SHUT_DOWN) return 0;
  const checkpoint = control.readBigUInt64LE(CHECKPOINT_OFFSET);
  const walDir = join(dataDir, 'pg_wal');
  const segments = readdirSync(walDir).filter((name) => SEGMENT_NAME.test(name));
  const segmentSize = segments.length > 0 ? BigInt(statSync(join(walDir, segments[0]!)).size) : 0n;
  if (segmentSize === 0n) return 0;
  const perId = 0x1_0000_0000n / segmentSize;
  const checkpointSegment = checkpoint / segmentSize;
  const numbered = segments.map((name) => ({
    name,
    segment: BigInt(`0x${name.slice(8, 16)}`) * perId + BigInt(`0x${name.slice(16, 24)}`),
  }));
  if (!numbered.some(({ segment }) => segment === checkpointSegment)) return 0;
  let removed = 0;
  for (const { name, segment } of numbered) {
    if (segment === checkpointSegment || segment === checkpointSegment + 1n) continue;
    const path = join(walDir, name);
    removed += statSync(path).size;
    rmSync(path);
  }
  return removed;
}
