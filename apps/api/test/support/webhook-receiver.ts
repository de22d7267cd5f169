import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the next request: a status, optionally after a wait, optionally with headers. */
export interface PlannedAnswer {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
}

/** A real HTTP receiver on loopback that records every request and answers as planned per path (else 200). */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const planned = new Map<string, PlannedAnswer[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = planned.get(request.url ?? '/')?.shift() ?? { status: 200 };
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        response.end(answer.status < 300 ? 'ok' : `status ${answer.status}`);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    /** Answers for the coming requests to one path, in order. */
    plan(path: string, ...answers: PlannedAnswer[]) {
      planned.set(path, [...(planned.get(path) ?? []), ...answers]);
    },
    /** Forgets what was received and planned. */
    reset() {
      received.splice(0);
      planned.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
