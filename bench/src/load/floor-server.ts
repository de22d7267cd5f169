// The floor of the busy morning: a bare Node HTTP server that takes each call, asks PostgreSQL once (`select 1`,
// prepared, four connections as the cockpit's processes keep) and answers a fixed JSON text of a rope page call's
// size. What any server pays, on this machine, to take the mix's calls through the proxy and ask the database once
// each; load.ts runs two of them behind the same proxy before the cockpit, in the same run.
// Run by load.ts: node src/load/floor-server.ts  (DATABASE_URL; prints "listening <port>")
import { createServer } from 'node:http';
import { postgresTarget } from '@rope/db/client';
import postgres from 'postgres';

// Over PostgreSQL's Unix socket when the URL names one (`?host=/var/run/postgresql`), as the cockpit connects.
const target = postgresTarget(process.env.DATABASE_URL ?? '');
const database = postgres(target.url, {
  max: 4,
  onnotice: () => {},
  ...(target.host ? { host: target.host } : {}),
});
const answer = Buffer.from(
  JSON.stringify({
    rope: {
      id: 35,
      name: 'Track rope 1',
      attributes: { ropeType: 'strandedRope', nominalDiameter: 40, metallicCrossSection: 614.4 },
      damages: { standard: 'EN12927', status: 'computed', damage: 30, health: 70 },
      notes: 'x'.repeat(600),
    },
  }),
);

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    database`select ${1}::int as one`.then(
      () => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.length });
        response.end(answer);
      },
      () => {
        response.writeHead(503);
        response.end();
      },
    );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.close();
  void database.end({ timeout: 1 }).then(() => process.exit(0));
});
