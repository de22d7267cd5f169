// A 500-row damage report as the app makes it in Chromium (domain model, damage chart image, the table drawn in
// pieces that yield) against a bare jsPDF + autotable document of the same rows made in one go, in the same page,
// interleaved in rounds; the median of the per-round ratios. Twice: with names in Polish letters (DejaVu Sans embedded
// in both documents) and with Latin-1 names (standard fonts). Beside it: the report's file size and the longest
// main-thread task while it was built (PerformanceObserver longtask; the work starts from a timer, as from a click).
// Goals: <= 1.3x the bare document, <= 250 KB with the chart and the font, no task over 200 ms.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench report-pdf (ROWS, ROUNDS; PROFILE=1 prints where the time goes)
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@rope/server-runner';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/src/browser.ts';

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
  report(rows: number, foreign: boolean): Promise<Arm>;
  bare(rows: number, foreign: boolean): Promise<Arm>;
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

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  await page.evaluate((base64) => (globalThis as unknown as { bench: BenchPage }).bench.setFont(base64), font);
  const run = (arm: Which) =>
    page.evaluate(
      ({ which, rows }) => {
        const bench = (globalThis as unknown as { bench: BenchPage }).bench;
        const foreign = which.endsWith('foreign');
        return which.startsWith('bare') ? bench.bare(rows, foreign) : bench.report(rows, foreign);
      },
      { which: arm, rows: ROWS },
    );
  const arms: Which[] = ['bare-foreign', 'report-foreign', 'bare-latin', 'report-latin'];
  for (let i = 0; i < WARM_UP; i += 1) for (const arm of arms) await run(arm);
  if (process.env.PROFILE) await printProfile(page, run);
  const rounds: Record<Which, Arm>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const results = {} as Record<Which, Arm>;
    for (const arm of arms) results[arm] = await run(arm);
    rounds.push(results);
  }
  console.log(
    `${ROWS} damage rows, ${ROUNDS} rounds, Chromium ${browser.version()}, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  for (const [label, fonts] of [
    ['names in Polish letters (DejaVu Sans embedded in both)', 'foreign'],
    ['Latin-1 names (standard fonts)', 'latin'],
  ] as const) {
    const report = rounds.map((round) => round[`report-${fonts}`]);
    const bare = rounds.map((round) => round[`bare-${fonts}`]);
    const ratio = median(rounds.map((round) => round[`report-${fonts}`].ms / round[`bare-${fonts}`].ms));
    const longest = Math.max(...report.map((arm) => arm.longest));
    const typical = median(report.map((arm) => arm.longest));
    const bytes = report[0]!.bytes;
    const ms = (list: Arm[]) => `${median(list.map((arm) => arm.ms)).toFixed(0)} ms`;
    console.log(`${label}:`);
    console.log(
      `  time: ${ratio.toFixed(2)}x the bare document (${ms(report)} against ${ms(bare)}, median of per-round ratios; goal <= ${GOALS.ratio}x) ${ratio <= GOALS.ratio ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  file: ${(bytes / 1000).toFixed(1)} KB with the chart (bare ${(bare[0]!.bytes / 1000).toFixed(1)} KB; goal <= 250 KB) ${bytes <= GOALS.bytes ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  longest main-thread task while it was built: ${longest.toFixed(0)} ms over all rounds, median of the rounds' longest ${typical.toFixed(0)} ms (0: none over 50 ms; the bare document in one go: ${median(bare.map((arm) => arm.longest)).toFixed(0)} ms; goal <= ${GOALS.longestMs} ms) ${longest <= GOALS.longestMs ? 'met' : 'MISSED'}`,
    );
  }
} finally {
  await browser.close();
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
