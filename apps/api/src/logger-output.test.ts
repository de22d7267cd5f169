import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { batchedOutput, createLogger, LOG_FLUSH_MS } from './logger.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function logFile() {
  const folder = mkdtempSync(join(tmpdir(), 'rope-log-'));
  folders.push(folder);
  const path = join(folder, 'out.log');
  return { path, fd: openSync(path, 'w'), read: () => readFileSync(path, 'utf8') };
}

const messages = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

/** Ends the output: what is left is written, its timer stops and the file is closed. */
function closed(output: DestinationStream) {
  const stream = output as DestinationStream & NodeJS.EventEmitter & { end(): void };
  return new Promise((resolve) => {
    stream.once('close', resolve);
    stream.end();
  });
}

async function until(done: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the log output', () => {
  it('writes lines in batches, each within LOG_FLUSH_MS of being logged, in order', async () => {
    const file = logFile();
    const output = batchedOutput(file.fd);
    const log = createLogger({ LOG_LEVEL: 'info' }, output);
    log.info('incoming request');
    log.info('request completed');
    // A few hundred bytes wait for more: nothing is written yet.
    expect(file.read()).toBe('');
    await until(() => messages(file.read()).length === 2, LOG_FLUSH_MS * 25);
    expect(messages(file.read())).toEqual(['incoming request', 'request completed']);
    await closed(output);
  });

  it('writes nothing while nothing is logged', async () => {
    const file = logFile();
    const output = batchedOutput(file.fd);
    const writes: number[] = [];
    (output as DestinationStream & NodeJS.EventEmitter).on('write', (bytes: number) => writes.push(bytes));
    const log = createLogger({ LOG_LEVEL: 'info' }, output);
    log.info('one line');
    await until(() => messages(file.read()).length === 1, LOG_FLUSH_MS * 25);
    await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS * 3));
    const afterTheLine = writes.length;
    await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS * 5));
    expect(writes.length).toBe(afterTheLine);
    expect(writes.filter((bytes) => bytes > 0)).toHaveLength(1);
    await closed(output);
  });

  it('loses no line of a burst larger than a batch', async () => {
    const file = logFile();
    const output = batchedOutput(file.fd);
    const log = createLogger({ LOG_LEVEL: 'info' }, output);
    const sent = Array.from({ length: 500 }, (_, i) => `line ${i} ${'x'.repeat(i % 97)}`);
    for (const line of sent) log.info(line);
    await until(() => messages(file.read()).length === sent.length, LOG_FLUSH_MS * 25);
    expect(messages(file.read())).toEqual(sent);
    await closed(output);
  });

  it.each([
    ['exits at once', 'process.exit(0);', 0],
    ['crashes', "setImmediate(() => { throw new Error('boom'); });", 1],
  ])('writes what is left when the process %s', (_case, ending, code) => {
    const logger = join(dirname(fileURLToPath(import.meta.url)), 'logger.ts');
    const script = `const { createLogger } = await import(${JSON.stringify(logger)});
      const log = createLogger({ LOG_LEVEL: 'info' });
      log.info('shutting down');
      log.warn('last words');
      ${ending}`;
    const result = spawnSync(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
      { cwd: dirname(logger), encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status, result.stderr).toBe(code);
    expect(messages(result.stdout)).toEqual(['shutting down', 'last words']);
  });
});
