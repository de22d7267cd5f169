import { pageCalls, signIn } from './load/traffic.ts';
import { startBenchServer } from './server.ts';

const server = await startBenchServer({
  NODE_OPTIONS: '--import /tmp/prof-hook.mjs',
  ...(process.env.DB ? { DATABASE_URL: process.env.DB } : {}),
});
try {
  const person = await signIn(server.url, 'admin@example.com');
  const pages = (process.env.PAGES ?? 'rope,dashboard,areas').split(',') as ('rope' | 'dashboard' | 'areas')[];
  const run = async (ms: number) => {
    const end = Date.now() + ms;
    let n = 0;
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        let i = w;
        while (Date.now() < end) {
          const ropeId = person.ropeIds[i++ % person.ropeIds.length]!;
          for (const path of pageCalls(pages[i % pages.length]!, ropeId)) {
            const r = await fetch(`${server.url}/api${path}`, { headers: { cookie: person.cookie } });
            await r.arrayBuffer();
            n++;
          }
        }
      }),
    );
    return n;
  };
  await run(5000);
  process.kill(server.pid, 'SIGUSR2');
  const n = await run(20000);
  process.kill(server.pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 3000));
  console.log('calls', n, 'per s', n / 20);
} finally {
  await server.stop();
}
process.exit(0);
