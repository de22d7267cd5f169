// A local round-robin HTTP proxy for the load benchmark: what a load balancer in front of two API processes does,
// with keep-alive to each. Usage: tsx proxy.ts <upstream-port> [<upstream-port> ...]; prints `listening <port>`.
import { Agent, createServer, request } from 'node:http';

const upstreams = process.argv.slice(2).map(Number);
if (upstreams.length === 0 || upstreams.some((port) => !Number.isInteger(port))) {
  console.error('usage: proxy.ts <upstream-port> ...');
  process.exit(2);
}
const agent = new Agent({ keepAlive: true, maxSockets: 128 });
let next = 0;

const server = createServer((incoming, outgoing) => {
  const port = upstreams[next++ % upstreams.length]!;
  const forwarded = request(
    {
      host: '127.0.0.1',
      port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '' },
      agent,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(forwarded);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
