import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer.ts';
import { createOutboxSms } from './sms/gateway.ts';
import { writeMakingFolder } from './write-making-folder.ts';

describe('writing into a folder made only when missing', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes a missing folder, writes into one that is there, and makes it again when it was removed meanwhile', async () => {
    root = mkdtempSync(join(tmpdir(), 'rope-write-folder-'));
    const folder = join(root, 'outbox', 'nested');
    const log = join(folder, 'log.txt');
    await writeMakingFolder(folder, () => appendFile(log, 'one\n'));
    await writeMakingFolder(folder, () => appendFile(log, 'two\n'));
    expect(readFileSync(log, 'utf8')).toBe('one\ntwo\n');
    rmSync(join(root, 'outbox'), { recursive: true });
    await writeMakingFolder(folder, () => appendFile(log, 'three\n'));
    expect(readFileSync(log, 'utf8')).toBe('three\n');
  });

  it('passes on any other failure, and writes nothing', async () => {
    root = mkdtempSync(join(tmpdir(), 'rope-write-folder-'));
    mkdirSync(join(root, 'taken'));
    // A folder where the file should go: EISDIR, not a missing folder to make.
    await expect(writeMakingFolder(root, () => writeFile(join(root, 'taken'), 'x'))).rejects.toMatchObject({
      code: 'EISDIR',
    });
    expect(readdirSync(root)).toEqual(['taken']);
    expect(readdirSync(join(root, 'taken'))).toEqual([]);
  });

  it('the outbox mailer and SMS log make their folder with the first message and keep every message after', async () => {
    root = mkdtempSync(join(tmpdir(), 'rope-write-folder-'));
    const outbox = join(root, 'outbox');
    const mailer = createOutboxMailer(outbox, 'cockpit@example.com');
    const sms = createOutboxSms(outbox);
    for (const n of [1, 2]) {
      await mailer.send({ to: 'anna@example.com', subject: `Mail ${n}`, text: `Text ${n}` });
      await sms.send('+41 79 123 45 67', `SMS ${n}`);
    }
    await mailer.close();
    expect(readdirSync(outbox).filter((file) => file.endsWith('.eml'))).toHaveLength(2);
    const lines = readFileSync(join(outbox, 'sms.log'), 'utf8').trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { text: string }).text)).toEqual(['SMS 1', 'SMS 2']);
  });
});
