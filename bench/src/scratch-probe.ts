import { pageCalls, signIn } from './load/traffic.ts';
import { startBenchServer } from './server.ts';

const server = await startBenchServer(process.env.PROF ? { NODE_OPTIONS: '--import /tmp/prof-hook.mjs' } : {});
try {
  const person = await signIn(server.url, process.env.WHO ?? 'admin@example.com');
  const times = new Map<string, number[]>();
  for (let round = 0; round < 4; round++) {
    if (round === 1 && process.env.PROF) process.kill(server.pid, 'SIGUSR2');
    for (const ropeId of person.ropeIds.slice(0, 15)) {
      for (const page of ['rope', 'dashboard', 'areas'] as const) {
        for (const path of pageCalls(page, ropeId)) {
          const t0 = performance.now();
          const r = await fetch(`${server.url}/api${path}`, { headers: { cookie: person.cookie } });
          await r.arrayBuffer();
          const ms = performance.now() - t0;
          const key = path.replace(/\/\d+/g, '/:id');
          if (round > 0) times.set(key, [...(times.get(key) ?? []), ms]);
        }
      }
    }
  }
  if (process.env.PROF) {
    process.kill(server.pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 2000));
  }
  let total = 0;
  for (const [k, v] of [...times].sort(
    (a, b) => b[1].reduce((x, y) => x + y) / b[1].length - a[1].reduce((x, y) => x + y) / a[1].length,
  )) {
    v.sort((a, b) => a - b);
    const mean = v.reduce((a, b) => a + b) / v.length;
    total += mean;
    console.log(
      k.padEnd(55),
      'mean',
      mean.toFixed(1),
      'p50',
      v[Math.floor(v.length / 2)]!.toFixed(1),
      'max',
      v.at(-1)!.toFixed(1),
    );
  }
  console.log('sum of means', total.toFixed(0), 'ropes', person.ropeIds.length);
} finally {
  await server.stop();
}
process.exit(0);
