import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.ts';

/**
 * Runs PostgreSQL's `pg_dump` or `pg_restore` against `url`. The password goes through PGPASSWORD, never the command
 * line, which every user of the machine can read in the process list.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const connection = new URL(url);
  const password = decodeURIComponent(connection.password);
  connection.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${connection.toString()}`], {
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
