import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.ts';

/**
 * Runs PostgreSQL's `pg_dump` or `pg_restore` against `url` (none: pg_restore writing a dump out as SQL). The password
 * goes through PGPASSWORD, never the command line, which every user of the machine can read in the process list.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url?: string): Promise<void> {
  const connection = url ? new URL(url) : undefined;
  const password = connection ? decodeURIComponent(connection.password) : '';
  if (connection) connection.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, connection ? [...args, `--dbname=${connection.toString()}`] : args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${tool} is not installed: install PostgreSQL's client programs (postgresql-client).`)
          : error,
      );
    });
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim()}`));
    });
  });
}
