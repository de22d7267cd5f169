import { type Agent, get } from 'node:http';

/** The demo admin every bench signs in as. */
export const DEMO_ADMIN = { username: 'admin@example.com', password: 'ropecockpit-demo' };
/** The demo client, who reads the cockpit in German (Europe/Zurich). */
export const DEMO_GERMAN_CLIENT = { username: 'client@example.com', password: 'ropecockpit-demo' };

/** Signs the demo admin in: the session cookie (`name=value`). */
export async function signInDemo(url: string, account = DEMO_ADMIN): Promise<string> {
  const response = await fetch(`${url}/api/login/json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** GET of an API path (`/api/...`) with the session cookie: the parsed answer, or an error naming the status. */
export function jsonGetter(url: string, cookie: string) {
  return async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
}

/** One `/api/health` call over the probe's own keep-alive agent, resolved when its answer has arrived whole. */
export function health(url: string, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    get(`${url}/api/health`, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`/api/health answered ${response.statusCode}`)),
      );
    }).on('error', reject);
  });
}

/**
 * The demo import key from the start banner, waited for: the banner comes after what the start's jobs log, so a server
 * answers its health check before it has printed it (socket-cost read it at once and once found none).
 */
export async function demoImportKey(output: () => string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const key = /ROLE_API_IMPORT\s+(\S+)/.exec(output())?.[1];
    if (key) return key;
    if (Date.now() > deadline) throw new Error('the server printed no demo import key');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
