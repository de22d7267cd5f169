import { Worker } from 'node:worker_threads';

/** What a browser sends with an API call, besides its cookie. */
export const BROWSER_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'de-CH,de;q=0.9,en;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
};

export interface SocketSample {
  /** From the request's start to the answer's last byte. */
  ms: number;
  status: number;
  /** The body as sent (encoded). */
  bytes: number;
  encoding: string | undefined;
  etag: string | undefined;
}

// CommonJS, evaluated in the worker: the client has its own thread and event loop, as a browser is its own process,
// so reading the answer never takes turns with the server that writes it.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function call(url, headers, method, body) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let bytes = 0;
    const request = http.request(url, { agent, headers, method }, (response) => {
      response.on('data', (chunk) => { bytes += chunk.length; });
      response.on('end', () => resolve({
        ms: performance.now() - start,
        status: response.statusCode,
        bytes,
        encoding: response.headers['content-encoding'],
        etag: response.headers.etag,
      }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
parentPort.on('message', async ({ id, url, headers, times, method, body }) => {
  try {
    const samples = [];
    for (let i = 0; i < times; i += 1) samples.push(await call(url, headers, method, body));
    parentPort.postMessage({ id, samples });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/**
 * An HTTP client on its own thread over one keep-alive socket, as a browser tab calls the API: `get` sends `times`
 * calls one after another and answers each one's time to its last byte; `send` does the same with a method and body.
 */
export function startSocketClient() {
  const worker = new Worker(WORKER, { eval: true });
  let next = 0;
  const waiting = new Map<number, { resolve: (samples: SocketSample[]) => void; reject: (error: Error) => void }>();
  worker.on('message', (message: { id: number; samples?: SocketSample[]; error?: string }) => {
    const caller = waiting.get(message.id)!;
    waiting.delete(message.id);
    if (message.error) caller.reject(new Error(message.error));
    else caller.resolve(message.samples!);
  });
  return {
    get(url: string, headers: Record<string, string>, times = 1): Promise<SocketSample[]> {
      return this.send('GET', url, headers, undefined, times);
    },
    send(
      method: string,
      url: string,
      headers: Record<string, string>,
      body: string | undefined,
      times = 1,
    ): Promise<SocketSample[]> {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, url, headers, times, method, body });
      });
    },
    close: () => worker.terminate(),
  };
}
