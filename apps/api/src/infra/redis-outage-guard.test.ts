import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const guard = fileURLToPath(new URL('./redis-outage-guard.ts', import.meta.url));

/** A process with the guard whose unhandled rejection is `error`: its exit code and what it logged. */
function runWith(errorSource: string) {
  const script = `
    import { keepRunningThroughRedisOutages } from ${JSON.stringify(guard)};
    keepRunningThroughRedisOutages({ warn: (fields, text) => console.log('WARN', fields.err.name, text) });
    Promise.reject(${errorSource});
    setTimeout(() => { console.log('STILL RUNNING'); }, 50);
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
}

describe('a Redis outage does not end the process', () => {
  it('logs a command ioredis lost while Redis was away and goes on', () => {
    const run = runWith(
      `Object.defineProperty(new Error('Reached the max retries per request limit (which is 1).'), 'name', { value: 'MaxRetriesPerRequestError' })`,
    );
    expect(run.stdout).toContain('WARN MaxRetriesPerRequestError');
    expect(run.stdout).toContain('STILL RUNNING');
    expect(run.status).toBe(0);
  });

  it('still ends the process on any other unhandled rejection', () => {
    const run = runWith(`new Error('something else')`);
    expect(run.stdout).not.toContain('STILL RUNNING');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('something else');
  });
});
