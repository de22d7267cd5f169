import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { trimWal } from './trim-wal.ts';

const segmentsOf = (db: string) => readdirSync(join(db, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name));

describe('the demo template keeps only the WAL a cleanly stopped database needs', () => {
  const made: string[] = [];
  const copyOfTemplate = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rope-trim-wal-'));
    made.push(dir);
    cpSync(join(inject('demoDataDir'), 'db'), dir, { recursive: true });
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('holds the checkpoint segment and the one after it at most, and removes segments renamed for reuse', () => {
    const db = copyOfTemplate();
    const kept = segmentsOf(db);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(2);
    // A segment PostgreSQL renamed for reuse, three past the last one: not needed, removed.
    const last = kept.at(-1)!;
    const recycled = `${last.slice(0, 16)}${(Number.parseInt(last.slice(16), 16) + 3).toString(16).toUpperCase().padStart(8, '0')}`;
    copyFileSync(join(db, 'pg_wal', last), join(db, 'pg_wal', recycled));
    expect(trimWal(db)).toBeGreaterThan(0);
    expect(segmentsOf(db)).toEqual(kept);
  });

  it('leaves a database that did not stop cleanly as it is', () => {
    const db = copyOfTemplate();
    const control = readFileSync(join(db, 'global', 'pg_control'));
    // DB_IN_PRODUCTION: it was running when it stopped; recovery may need every segment.
    control.writeUInt32LE(6, 16);
    writeFileSync(join(db, 'global', 'pg_control'), control);
    const last = segmentsOf(db).at(-1)!;
    const extra = `${last.slice(0, 16)}${(Number.parseInt(last.slice(16), 16) + 3).toString(16).toUpperCase().padStart(8, '0')}`;
    copyFileSync(join(db, 'pg_wal', last), join(db, 'pg_wal', extra));
    const before = segmentsOf(db);
    expect(trimWal(db)).toBe(0);
    expect(segmentsOf(db)).toEqual(before);
  });
});
