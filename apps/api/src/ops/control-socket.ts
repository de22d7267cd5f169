import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import type { Database } from '@rope/db/client';
import { dumpPglite, writeBackup } from './backup.ts';
import { BackupError } from './backup-error.ts';

/**
 * The embedded cockpit's door for its administrator's commands: a Unix socket in the data directory that only the
 * directory's owner may open. Only the process that has the embedded database open can snapshot it, so `npm run
 * backup` asks the running cockpit through it.
 */
export const controlSocketPath = (dataDir: string) => join(resolve(dataDir), 'control.sock');

/** Longest Unix socket path Linux and macOS accept, with the terminating NUL. */
const SOCKET_PATH_LIMIT = 103;

type ControlRequest = { command: 'backup'; target: string } | { command: 'ping' };

export type ControlAnswer = { ok: true; message: string } | { ok: false; message: string };

export async function listenForControl(
  dataDir: string,
  database: Database,
  log: { warn(object: unknown, message: string): void },
): Promise<{ close(): Promise<void> } | undefined> {
  const path = controlSocketPath(dataDir);
  if (path.length > SOCKET_PATH_LIMIT) {
    log.warn({ path }, 'control socket: the data directory path is too long; npm run backup needs the cockpit stopped');
    return undefined;
  }
  // A socket left by a cockpit that did not stop cleanly answers nobody; one that answers is another cockpit's.
  if ((await askControl(dataDir, undefined)) !== 'absent') {
    throw new BackupError(`Another cockpit is running on ${resolve(dataDir)}.`);
  }
  await rm(path, { force: true });
  let busy = false;
  const server: Server = createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      input += chunk;
      if (!input.includes('\n')) return;
      const answer = (result: ControlAnswer) => socket.end(`${JSON.stringify(result)}\n`);
      let request: ControlRequest;
      try {
        request = JSON.parse(input) as ControlRequest;
      } catch {
        answer({ ok: false, message: 'Not a command.' });
        return;
      }
      if (request.command !== 'backup' || typeof request.target !== 'string' || !request.target) {
        answer({ ok: true, message: 'running' });
        return;
      }
      if (busy) {
        answer({ ok: false, message: 'A backup is already being written.' });
        return;
      }
      busy = true;
      writeBackup({ dataDir, filesOnDisk: true }, resolve(request.target), dumpPglite(database))
        .then((manifest) =>
          answer({ ok: true, message: `${manifest.files.count} files and the database written to ${request.target}` }),
        )
        .catch((error: Error) => answer({ ok: false, message: error.message }))
        .finally(() => {
          busy = false;
        });
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, done);
  });
  await chmod(path, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
      }),
  };
}

/**
 * Sends `request` to the cockpit running on `dataDir`: 'absent' when none runs there. Without a request it only asks
 * whether one runs.
 */
export function askControl(dataDir: string, request: ControlRequest | undefined): Promise<ControlAnswer | 'absent'> {
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request ?? { command: 'ping' })}\n`));
    socket.on('data', (chunk) => {
      output += chunk;
    });
    socket.on('end', () => {
      try {
        resolveAnswer(JSON.parse(output) as ControlAnswer);
      } catch {
        reject(new BackupError('The running cockpit gave no answer.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolveAnswer('absent');
      else reject(error);
    });
  });
}
