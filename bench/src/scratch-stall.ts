import { call, signIn, writeCall } from './load/traffic.ts';
import { startBenchServer } from './server.ts';

const server = await startBenchServer({ NODE_OPTIONS: '--import /tmp/prof-hook.mjs' });
try {
  const person = await signIn(server.url, 'admin@example.com');
  const t0 = performance.now();
  const stalls: string[] = [];
  process.kill(server.pid, 'SIGUSR2');
  let n = 0;
  const site = { url: server.url, people: [person], importKey: '', sensors: [] };
  const writes = [5, 10, 15, 20, 25, 30].map((at) =>
    setTimeout(async () => {
      const [label, method, path, headers, body] = writeCall(
        at % 10 === 0 ? 'document' : 'event',
        site,
        person,
        person.ropeIds[0]!,
      );
      const t = performance.now();
      const a = await call(server.url, method, path, headers, body);
      stalls.push(`WRITE ${label} at ${at}s -> ${a.status} ${(performance.now() - t).toFixed(0)}ms`);
    }, at * 1000),
  );
  while (performance.now() - t0 < 75_000) {
    const s = performance.now();
    const r = await fetch(`${server.url}/api/ropes/${person.ropeIds[n++ % person.ropeIds.length]}/truscan`, {
      headers: { cookie: person.cookie },
    });
    await r.arrayBuffer();
    const ms = performance.now() - s;
    if (ms > 60) stalls.push(`${((s - t0) / 1000).toFixed(2)}s ${ms.toFixed(0)}ms`);
    await new Promise((res) => setTimeout(res, 25));
  }
  process.kill(server.pid, 'SIGUSR2');
  await new Promise((res) => setTimeout(res, 2000));
  console.log('calls', n, 'stalls', stalls.length, stalls.join(' | '));
} finally {
  await server.stop();
}
process.exit(0);
