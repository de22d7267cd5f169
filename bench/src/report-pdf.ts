// A 500-row damage report as the app makes it in Chromium, from its calls to the cockpit (every page of the events,
// the damage answer, the current count, over the page's own connection to the compiled server on the embedded
// default) through the domain model and the damage chart image to the table drawn in pieces that yield, against a
// bare jsPDF + autotable document of the same rows made in one go, in the same page, interleaved in rounds; the ratio
// of the medians over every round. Twice: a rope whose events name people in Polish letters (DejaVu Sans embedded in
// both documents) and one with Latin-1 names (standard fonts). Beside it: the report's file size and the longest
// main-thread task while it was built (PerformanceObserver longtask; the work starts from a timer, as from a click).
// Goals: <= 1.3x the bare document, <= 250 KB with the chart and the font, no task over 200 ms.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench report-pdf (ROWS, ROUNDS; PROFILE=1 prints where the time goes)
import { readFileSync } from 'node:fs';

import { join } from 'node:path';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { repoRoot } from '@rope/server-runner';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { signInDemo } from './demo-client.ts';
import { percentile, verdict, watchMachine } from './machine.ts';
import { reportEvents } from './report-page/report-data.ts';
import { startBenchServer } from './server.ts';

const ROWS = Number(process.env.ROWS ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const WARM_UP = 3;
const GOALS = { ratio: 1.3, bytes: 250 * 1000, longestMs: 200 };

interface Arm {
  ms: number;
  bytes: number;
  longest: number;
}
type Which = 'bare-foreign' | 'report-foreign' | 'bare-latin' | 'report-latin';
interface BenchPage {
  setFont(base64: string): void;
  prepare(ropeId: number): Promise<{ events: number }>;
  report(ropeId: number): Promise<Arm>;
  bare(ropeId: number): Promise<Arm>;
}

/** The haul rope of the report (its events come from report-data.ts), as an inspector created it. */
const ROPE_ATTRIBUTES = {
  ...WORKED_EXAMPLE_ROPE,
  ropeLength: 2000,
  installationYear: 2015,
  bendingCyclesUntilNow: 412_000,
};

async function api<T>(url: string, cookie: string, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A rope in the demo's first installation with ROWS damage events recorded through the API. */
async function ropeWithEvents(url: string, cookie: string, foreign: boolean): Promise<number> {
  const { ropes } = (await (await fetch(`${url}/api/ropes`, { headers: { cookie } })).json()) as {
    ropes: { installation: { id: number } }[];
  };
  const installationId = ropes[0]!.installation.id;
  const { rope } = await api<{ rope: { id: number } }>(url, cookie, 'POST', `/installations/${installationId}/ropes`, {
    rope: { name: foreign ? 'Haul rope Łódź Żółć Ærø Ψ' : 'Haul rope 1', attributes: ROPE_ATTRIBUTES },
  });
  const events = reportEvents(ROWS, foreign);
  for (let i = 0; i < events.length; i += 8) {
    await Promise.all(
      events
        .slice(i, i + 8)
        .map(({ position, attributes }) =>
          api(url, cookie, 'POST', '/events', { ropeEvent: { rope: { id: rope.id }, position, attributes } }),
        ),
    );
  }
  return rope.id;
}

const bundle = await build({
  entryPoints: [join(repoRoot, 'bench/src/report-page/harness.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: !process.env.PROFILE,
  // The web client's libraries (jsPDF, its table plugin, the domain package) resolve as the app resolves them.
  nodePaths: [join(repoRoot, 'apps/web/node_modules')],
  // The drawing reaches the events feature's public file, whose screens' styles and pictures a report never shows
  // (Vite's build drops them by package.json's sideEffects).
  loader: { '.css': 'empty', '.module.css': 'empty', '.png': 'empty', '.svg': 'empty' },
  // Vite's `?url` import of the font: the bench hands the font's bytes to the page itself.
  plugins: [
    {
      name: 'vite-url',
      setup(builder) {
        builder.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'vite-url' }));
        builder.onLoad({ filter: /.*/, namespace: 'vite-url' }, () => ({ contents: 'export default "";' }));
      },
    },
  ],
  logLevel: 'error',
});
const font = readFileSync(join(repoRoot, 'apps/web/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf')).toString(
  'base64',
);

const server = await startBenchServer();
const browser = await launchBrowser({ optimiseJavaScript: true });
try {
  const cookie = await signInDemo(server.url);
  const ropes = {
    foreign: await ropeWithEvents(server.url, cookie, true),
    latin: await ropeWithEvents(server.url, cookie, false),
  };
  const context = await browser.newContext();
  await context.addCookies([
    { name: cookie.split('=')[0]!, value: cookie.slice(cookie.indexOf('=') + 1), url: server.url },
  ]);
  const page = await context.newPage();
  // An empty page on the cockpit's origin: the report's calls go to the server as the app's do, with its session.
  await page.route(`${server.url}/bench-report`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body></body></html>' }),
  );
  await page.goto(`${server.url}/bench-report`);
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  await page.evaluate((base64) => (globalThis as unknown as { bench: BenchPage }).bench.setFont(base64), font);
  for (const ropeId of Object.values(ropes)) {
    const { events } = await page.evaluate(
      (id) => (globalThis as unknown as { bench: BenchPage }).bench.prepare(id),
      ropeId,
    );
    if (events < ROWS) throw new Error(`rope ${ropeId} answered ${events} events, not ${ROWS}`);
  }
  const run = (arm: Which) =>
    page.evaluate(
      ({ which, ropeId }) => {
        const bench = (globalThis as unknown as { bench: BenchPage }).bench;
        return which.startsWith('bare') ? bench.bare(ropeId) : bench.report(ropeId);
      },
      { which: arm, ropeId: arm.endsWith('foreign') ? ropes.foreign : ropes.latin },
    );
  const arms: Which[] = ['bare-foreign', 'report-foreign', 'bare-latin', 'report-latin'];
  for (let i = 0; i < WARM_UP; i += 1) for (const arm of arms) await run(arm);
  if (process.env.PROFILE) await printProfile(page, run);
  // The browser's processes are the bench's own: this process started them.
  const machine = watchMachine([process.pid, server.pid]);
  const rounds: Record<Which, Arm>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const results = {} as Record<Which, Arm>;
    for (const arm of arms) results[arm] = await run(arm);
    rounds.push(results);
  }
  const load = machine();
  console.log(`${ROWS} damage rows, ${ROUNDS} rounds, Chromium ${browser.version()}; ${load.text}`);
  for (const [label, fonts] of [
    ['names in Polish letters (DejaVu Sans embedded in both)', 'foreign'],
    ['Latin-1 names (standard fonts)', 'latin'],
  ] as const) {
    const report = rounds.map((round) => round[`report-${fonts}`]);
    const bare = rounds.map((round) => round[`bare-${fonts}`]);
    const median = (list: Arm[], key: 'ms' | 'longest') =>
      percentile(
        list.map((arm) => arm[key]),
        0.5,
      );
    const ratio = median(report, 'ms') / median(bare, 'ms');
    const longest = Math.max(...report.map((arm) => arm.longest));
    const bytes = report[0]!.bytes;
    console.log(`${label}:`);
    console.log(
      `  time: ${ratio.toFixed(2)}x the bare document (${median(report, 'ms').toFixed(0)} ms with the calls to the server against ${median(bare, 'ms').toFixed(0)} ms, medians over all rounds; p95 ${percentile(
        report.map((arm) => arm.ms),
        0.95,
      ).toFixed(0)} ms; goal <= ${GOALS.ratio}x) ${verdict(ratio <= GOALS.ratio, load)}`,
    );
    console.log(
      `  file: ${(bytes / 1000).toFixed(1)} KB with the chart (bare ${(bare[0]!.bytes / 1000).toFixed(1)} KB; goal <= 250 KB) ${bytes <= GOALS.bytes ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  longest main-thread task while it was built: ${longest.toFixed(0)} ms over all rounds, median of the rounds' longest ${median(report, 'longest').toFixed(0)} ms (0: none over 50 ms; the bare document in one go: ${median(bare, 'longest').toFixed(0)} ms; goal <= ${GOALS.longestMs} ms) ${verdict(longest <= GOALS.longestMs, load)}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

/** PROFILE=1: where the time of four reports goes, by function (self time, ms per report; the bundle unminified). */
async function printProfile(page: Page, run: (arm: Which) => Promise<Arm>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  for (const which of ['report-latin', 'report-foreign', 'bare-foreign'] as Which[]) {
    await cdp.send('Profiler.start');
    for (let i = 0; i < 4; i += 1) await run(which);
    const { profile } = await cdp.send('Profiler.stop');
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<string, number>();
    (profile.samples ?? []).forEach((id, index) => {
      const frame = byId.get(id)!.callFrame;
      const key = `${frame.functionName || '(anonymous)'}:${frame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000 / 4);
    });
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
    console.log(`${which}: ${top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(' | ')}`);
  }
}
