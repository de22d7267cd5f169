// What people and devices send: the API calls of the rope page, the dashboard and the areas list as the web client
// makes them, and the writes of an inspector (an event, a document) and of a sensor device (a batch of readings).

import { Agent, request } from 'node:http';
import { LOSS_CHART_POINTS } from '@rope/domain/ropes/loss-thinning';
import { BROWSER_HEADERS } from '../socket-client.ts';

export const DEMO_PASSWORD = 'ropecockpit-demo';
export const DEMO_PEOPLE = ['admin@example.com', 'pm@example.com', 'clientadmin@example.com', 'client@example.com'];

export interface PlacedRope {
  id: number;
  installationId: number;
  areaId: number;
}

export interface Person {
  email: string;
  cookie: string;
  ropeIds: number[];
  ropes: PlacedRope[];
}

export interface Site {
  url: string;
  people: Person[];
  importKey: string;
  /** Devices with a sensor each, that deliver readings. */
  sensors: { deviceId: number; sensorId: number }[];
}

export interface Answer {
  status: number;
  ms: number;
  /** When the call was due (performance.now()). */
  dueAt: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

/** One call with a browser's headers; `startedAt` is when it was due (open loop: a late start counts as latency, not as a skipped call). */
export function call(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
  startedAt = performance.now(),
): Promise<Answer> {
  return new Promise((resolve) => {
    const target = new URL(`/api${path}`, url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: target.pathname + target.search,
        // As a browser asks: its encodings (the answer comes compressed), language and agent, then the call's own.
        headers: {
          ...BROWSER_HEADERS,
          ...headers,
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
        agent,
      },
      (answer) => {
        answer.resume();
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, ms: performance.now() - startedAt, dueAt: startedAt }),
        );
        answer.on('error', () => resolve({ status: 0, ms: performance.now() - startedAt, dueAt: startedAt }));
      },
    );
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - startedAt, dueAt: startedAt }));
    outgoing.end(body);
  });
}

export async function signIn(url: string, email: string): Promise<Person> {
  const response = await fetch(`${url}/api/login/json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const answer = (await (await fetch(`${url}/api/ropes`, { headers: { cookie } })).json()) as {
    ropes: { id: number; installation: { id: number }; area: { id: number } }[];
  };
  const ropes = answer.ropes.map((rope) => ({
    id: rope.id,
    installationId: rope.installation.id,
    areaId: rope.area.id,
  }));
  return { email, cookie, ropeIds: ropes.map((rope) => rope.id), ropes };
}

/** The demo's sensor devices with their first sensor, as an admin sees them. */
export async function findSensors(url: string, admin: Person): Promise<Site['sensors']> {
  const answer = (await (await fetch(`${url}/api/sensor-devices`, { headers: { cookie: admin.cookie } })).json()) as {
    sensorDevices: { id: number; sensors: { id: number; isDeleted: boolean }[] }[];
  };
  return answer.sensorDevices
    .map((device) => ({ deviceId: device.id, sensorId: device.sensors.find((sensor) => !sensor.isDeleted)?.id ?? 0 }))
    .filter((device) => device.sensorId > 0);
}

export type Page = 'rope' | 'dashboard' | 'areas';

/**
 * The reads a page makes, as the web client sends them: `opening` when it opens (what the window shows: the rope
 * page's header with its breadcrumb, the TRUscan panel and the damage chart), `scrolled` as the person scrolls down
 * to the sections that load near the window (NearViewport: loss chart, sensors, tasks, events, documents).
 */
export function pageCalls(page: Page, rope: PlacedRope): { opening: string[]; scrolled: string[] } {
  switch (page) {
    case 'rope':
      return {
        opening: [
          `/ropes/${rope.id}`,
          `/installations/${rope.installationId}`,
          `/areas/${rope.areaId}`,
          `/ropes/${rope.id}/truscan`,
          `/ropes/${rope.id}/events/damage`,
        ],
        scrolled: [
          `/ropes/${rope.id}/events/lossOverTarget?xAxis=timestamp&points=${LOSS_CHART_POINTS}`,
          `/ropes/${rope.id}/sensor-devices`,
          `/ropes/${rope.id}/smartrope-events?limit=5`,
          `/ropes/${rope.id}/tasks`,
          `/ropes/${rope.id}/events?page=1&pageSize=25`,
          `/ropes/${rope.id}/documents`,
        ],
      };
    case 'dashboard':
      return {
        opening: ['/ropes/overview', '/events?limit=10', '/tasks/pending', '/ropes/device-states'],
        scrolled: [],
      };
    case 'areas':
      return { opening: ['/areas', '/areas/positions'], scrolled: [] };
  }
}

/** Every read of a page, opened and scrolled through. */
export const allPageCalls = (page: Page, rope: PlacedRope) => {
  const { opening, scrolled } = pageCalls(page, rope);
  return [...opening, ...scrolled];
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let written = 0;

export type Write = 'event' | 'document' | 'readings';

/** A device's batch: a minute of readings unless READINGS_PER_BATCH says otherwise (socket-cost.ts compares sizes). */
export const READINGS_PER_BATCH = Number(process.env.READINGS_PER_BATCH ?? 60);

/** One write: `[label, method, path, headers, body]` ready for `call`. */
export function writeCall(
  kind: Write,
  site: Site,
  person: Person,
  ropeId: number,
): [string, string, string, Record<string, string>, Buffer | string] {
  written += 1;
  switch (kind) {
    case 'event':
      return [
        'POST /events',
        'POST',
        '/events',
        { cookie: person.cookie, 'content-type': 'application/json' },
        JSON.stringify({
          ropeEvent: {
            rope: { id: ropeId },
            position: (written * 7) % 500,
            attributes: {
              timestamp: new Date(Date.now() - 60_000).toISOString(),
              recordingType: 'damage',
              type: 'wireBreak',
              damageCount: 1,
              description: `Load benchmark ${written}`,
            },
          },
        }),
      ];
    case 'document': {
      const boundary = `----load${written}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="targetType"\r\n\r\nrope\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="targetId"\r\n\r\n${ropeId}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="inspection-${written}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return [
        'POST /documents',
        'POST',
        '/documents',
        { cookie: person.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      ];
    }
    case 'readings': {
      const sensor = site.sensors[written % site.sensors.length]!;
      // Each batch a minute of one reading a second (or READINGS_PER_BATCH seconds), in its own span: no batch repeats
      // another.
      const start = Date.UTC(2027, 0, 1) + written * Math.ceil(READINGS_PER_BATCH / 60) * 60_000;
      const measurements = Array.from({ length: READINGS_PER_BATCH }, (_, i) => ({
        sensor: sensor.sensorId,
        ts: new Date(start + i * 1000).toISOString(),
        value: 100 + Math.sin(i / 10) * 5,
      }));
      return [
        'POST /sensor-devices/:id/measurements',
        'POST',
        `/sensor-devices/${sensor.deviceId}/measurements`,
        { authorization: `Bearer ${site.importKey}`, 'content-type': 'application/json' },
        JSON.stringify({ measurements }),
      ];
    }
  }
}
