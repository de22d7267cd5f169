import { freePort, type StartedProcess, startProcess, waitForHealth } from '@rope/server-runner';

/** What every fault test's processes run with, whatever the caller's environment holds. */
function settings(env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    MQTT_URL: '',
    SMTP_URL: '',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
}

export interface ApiServer {
  url: string;
  port: number;
  process: StartedProcess;
}

/**
 * The real API server, compiled as production runs it (`dist/server.mjs`, built by the API tests' global set-up), on
 * `port` (a free one unless given), healthy when this resolves. A free port another test's server took meanwhile ends
 * the API with EADDRINUSE: it starts again on another one.
 */
export async function startApi(env: Record<string, string>, port?: number): Promise<ApiServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startApiOn(env, port ?? (await freePort()));
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (port !== undefined || attempt >= 3 || !portTaken) throw error;
    }
  }
}

async function startApiOn(env: Record<string, string>, port: number): Promise<ApiServer> {
  const process = startProcess('apps/api/dist/server.mjs', settings({ ...env, PORT: String(port) }));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, process, 90_000);
  } catch (error) {
    process.kill('SIGKILL');
    throw error;
  }
  return { url, port, process };
}

/** The real worker, compiled (`dist/worker.mjs`); it relays the outbox to Redis and runs the jobs. */
export function startWorker(env: Record<string, string>): StartedProcess {
  return startProcess('apps/api/dist/worker.mjs', settings(env));
}

/** SIGKILL to the whole process group, resolved once it is gone. */
export async function killHard(process: StartedProcess) {
  process.kill('SIGKILL');
  await process.exited;
}

/** A fetch that gives up after `timeoutMs`, answering the status and the parsed body (or the text). */
export async function call(
  url: string,
  init: { method?: string; key?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body, text };
}
