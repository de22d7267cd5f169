// Bytes a first visit moves: the login page and a rope page opened in a real Chromium (fresh cache each run, a
// 1280 x 800 window) against the built app served by the API, counted per type from Chromium's own network log
// (encoded bytes, headers included, as they crossed the wire). Each page is visited twice per run: as Chromium asks
// (brotli) and asking for gzip only (`Accept-Encoding: gzip`), as a client without brotli would. Goals (DESIGN.md
// section 9): initial JavaScript <= 250 KiB as gzip, CSS <= 50 KiB; the brotli figures are reported beside them,
// with the plain sizes of the same files from the build (apps/web/dist). "Initial" is everything the page loads
// until it is drawn and the network is idle, without any input: code the page loads only on input (dialogs, or
// sections below the fold when scrolled near) is not in it. What scrolling through the rope page adds is reported
// beside it, so that line is visible too.
// Run: npx -y pnpm@10.34.8 turbo run build --filter=@rope/web && npx -y pnpm@10.34.8 --filter @rope/bench page-weight
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { type Encoding, firstLoad, type Load, type Visit } from '../../e2e/src/first-load.ts';
import { DEMO_GERMAN_CLIENT, signInDemo } from './demo-client.ts';
import { startBenchServer } from './server.ts';

const KIB = 1024;
const GOALS = { js: 250 * KIB, css: 50 * KIB } as const;
const RUNS = Number(process.env.RUNS ?? 3);
/** VERBOSE=1 lists every file of the first run, as gzip and as brotli: kind, path, encoded body bytes, encoding. */
const VERBOSE = process.env.VERBOSE === '1';
/** WIDTHxHEIGHT of the window; what lies below its fold may load only when scrolled to. */
const [WIDTH, HEIGHT] = (process.env.VIEWPORT ?? '1280x800').split('x').map(Number) as [number, number];

const ENCODINGS: Encoding[] = ['gzip', 'br'];

const server = await startBenchServer();
let browser: Browser | undefined;
try {
  browser = await launchBrowser({ optimiseJavaScript: true });
  const cookie = await signInDemo(server.url);
  // The demo client reads the cockpit in German: its rope page loads the German texts instead of the English ones.
  const germanCookie = await signInDemo(server.url, DEMO_GERMAN_CLIENT);
  const ropePath = await firstRopePath(server.url, germanCookie);
  const pages = [
    { name: 'login page', path: '/login', ready: 'input[autocomplete="username"]', cookie: undefined, scroll: false },
    { name: `rope page (${ropePath}), English admin`, path: ropePath, ready: '.uplot, canvas', cookie, scroll: true },
    {
      name: `rope page (${ropePath}), German client`,
      path: ropePath,
      ready: '.uplot, canvas',
      cookie: germanCookie,
      scroll: true,
    },
  ];
  console.log(`window ${WIDTH} x ${HEIGHT}`);
  for (const target of pages) {
    const visits: Record<Encoding, Visit[]> = { br: [], gzip: [] };
    // Interleaved, so that a busy moment of the machine does not fall on one encoding only.
    for (let run = 0; run < RUNS; run += 1)
      for (const encoding of ENCODINGS)
        visits[encoding].push(await firstLoad(browser, server.url, target, encoding, { width: WIDTH, height: HEIGHT }));
    const first = (encoding: Encoding) => visits[encoding].map((visit) => visit.first);
    report(target.name, first('gzip'), first('br'));
    for (const encoding of ENCODINGS) {
      const scrolled = visits[encoding].flatMap((visit) => (visit.scrolled ? [visit.scrolled] : []));
      if (scrolled.length > 0) reportScrolled(encoding, scrolled, first(encoding));
    }
  }
} finally {
  await browser?.close();
  await server.stop();
}

function report(name: string, gzip: Load[], brotli: Load[]) {
  const figure = (loads: Load[], pick: (load: Load) => number) => {
    const values = loads.map(pick).sort((a, b) => a - b);
    const median = values[Math.floor(values.length / 2)]!;
    const spread = values.at(-1)! - values[0]!;
    return { median, text: `${kib(median)}${spread ? ` (spread ${kib(spread)})` : ''}` };
  };
  const verdict = (value: number, goal: number) => `goal <= ${kib(goal)}: ${value <= goal ? 'met' : 'NOT met'}`;
  const misencoded = [...gzip, ...brotli].flatMap((load) => load.otherEncoding);
  if (misencoded.length > 0) throw new Error(`sent in another encoding than asked for: ${misencoded.join(', ')}`);
  console.log(`\n${name}: first load, median of ${gzip.length} runs per encoding, ${gzip[0]!.requests} requests`);
  for (const kind of ['js', 'css'] as const) {
    const asGzip = figure(gzip, (load) => load.body[kind]);
    console.log(
      `  ${kind === 'js' ? 'JavaScript' : 'CSS       '} gzip ${asGzip.text}, ${verdict(asGzip.median, GOALS[kind])}; ` +
        `brotli ${figure(brotli, (load) => load.body[kind]).text}; with headers: gzip ${figure(gzip, (load) => load.wire[kind]).text}, ` +
        `brotli ${figure(brotli, (load) => load.wire[kind]).text}; uncompressed ${figure(brotli, (load) => load.raw[kind]).text}`,
    );
  }
  console.log(
    `  API        ${figure(brotli, (load) => load.body.api).text}; with headers ${figure(brotli, (load) => load.wire.api).text}`,
  );
  console.log(
    `  other      ${figure(brotli, (load) => load.body.other).text} (index.html, images, fonts); with headers ${figure(brotli, (load) => load.wire.other).text}`,
  );
  if (VERBOSE) for (const file of [...gzip[0]!.files, ...brotli[0]!.files]) console.log(`    ${file}`);
}

/** What scrolling to the bottom added: the sections below the fold (their code and data). */
function reportScrolled(encoding: Encoding, scrolled: Load[], first: Load[]) {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const js = median(scrolled.map((load) => load.body.js));
  const added = median(scrolled.map((load, index) => load.body.js - first[index]!.body.js));
  const api = median(scrolled.map((load, index) => load.body.api - first[index]!.body.api));
  console.log(
    `  scrolled to the bottom (${encoding === 'br' ? 'brotli' : 'gzip'}): JavaScript ${kib(js)} (${kib(added)} more, loaded only when scrolled near)` +
      `, API ${kib(api)} more; ${scrolled[0]!.requests} requests`,
  );
}

function kib(bytes: number): string {
  return `${(bytes / KIB).toFixed(1)} KiB`;
}

/** The page of the first demo rope the user sees. */
async function firstRopePath(url: string, cookie: string): Promise<string> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}/api${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const { ropes } = await get<{ ropes: { id: number; installation: { id: number }; area: { id: number } }[] }>(
    '/ropes',
  );
  const rope = ropes[0];
  if (!rope) throw new Error('the demo data has no rope');
  return `/areas/${rope.area.id}/installations/${rope.installation.id}/ropes/${rope.id}`;
}
