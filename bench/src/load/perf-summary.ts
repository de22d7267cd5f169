// Where a Node process's CPU goes, from `perf record` (real CPU time, kernel included), by package and by function.
// V8's own profiler (`--cpu-prof`, profile-summary.ts) counts wall time while its thread is not idle: a thread that
// another process preempts inside a system call (PostgreSQL's backend woken by the query it was just sent) is sampled
// there all the while, so its socket writes looked five times dearer than they are. perf counts only the CPU used.
//
// Record (the process started with --perf-basic-prof, e.g. LOAD_NODE_ARGS=--perf-basic-prof for the load bench):
//   perf record -F 999 -g -e cpu-clock -p <pid>[,<pid>] -o perf.data -- sleep 15
//   perf script -i perf.data -F comm,tid,ip,sym > perf.txt
// Run: npx tsx src/load/perf-summary.ts perf.txt [bundle.mjs] [top=30]
// Each sample of a process's main thread is counted for the JavaScript function nearest its leaf (the V8 builtins,
// native code and kernel time it called counted with it), by that function's package; samples of V8's and libuv's
// threads (compilers, concurrent marking, the thread pool) by thread. With the compiled bundle named, its functions
// are placed in their source files by esbuild's `// path` comments. --perf-basic-prof names code by address in a map
// that keeps the names of code the collector freed: a function now and then takes the name of code that lived at its
// address before (the demo loader's, in a process that loaded the demo), so read single functions with care.
import { readFileSync } from 'node:fs';

const [file, bundle, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: perf-summary.ts perf-script.txt [bundle.mjs] [top]');
const top = Number(topArg ?? 30);

/** The bundle's lines where each source file starts, for placing a function of the bundle in its source. */
const sourceStarts: { line: number; path: string }[] = [];
if (bundle) {
  readFileSync(bundle, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const source = /^\/\/ (\S+\.(?:ts|js|mjs|cjs))$/.exec(text.trim());
      if (source) sourceStarts.push({ line: index + 1, path: source[1]! });
    });
}
const bundleName = bundle?.split('/').pop();
/** The workspace package the bundle was built from (`apps/api` for apps/api/dist/server.mjs): its `src/` paths. */
const bundlePackage = bundle ? /((?:apps|packages)\/[^/]+)\/dist\//.exec(bundle)?.[1] : undefined;

function sourceOf(line: number): string {
  let low = 0;
  let high = sourceStarts.length - 1;
  let found = '(bundle)';
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sourceStarts[middle]!.line <= line) {
      found = sourceStarts[middle]!.path;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function packageOf(frame: string): string {
  const inBundle = bundleName
    ? new RegExp(`/${bundleName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):`).exec(frame)
    : null;
  const path = inBundle ? sourceOf(Number(inBundle[1])) : frame;
  const modules = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (modules) return modules[1]!;
  const workspace = /(apps|packages)\/([^/]+)\/src\//.exec(path);
  if (workspace) return `${workspace[1]}/${workspace[2]}`;
  if (inBundle) return path.startsWith('src/') && bundlePackage ? bundlePackage : path;
  const internal = / node:([^:/]+)/.exec(frame);
  return internal ? `node:${internal[1]}` : '(other JavaScript)';
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let samples = 0;
const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

function count(thread: string, frames: string[]) {
  if (frames.length === 0) return;
  samples += 1;
  if (thread !== 'MainThread' && thread !== 'node') return add(byPackage, `thread ${thread}`);
  const nearest = frames.find((frame) => frame.startsWith('JS:'));
  if (!nearest)
    return add(byPackage, frames[0]!.startsWith('[k]') ? '(kernel, no JavaScript)' : '(native, no JavaScript)');
  const name = nearest.replace(/^JS:[*+^~]?'?/, '');
  add(byPackage, packageOf(nearest));
  add(byFunction, `${packageOf(nearest)}  ${name.split(' ')[0] || '(anonymous)'}  ${name.split(' ')[1] ?? ''}`);
}

let thread = '';
let frames: string[] = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (line.trim() === '') {
    count(thread, frames);
    frames = [];
  } else if (!/^\s/.test(line)) {
    thread = line.trim().split(/\s+/)[0]!;
    frames = [];
  } else {
    const symbol = line.trim().split(' ').slice(1).join(' ');
    if (symbol) frames.push(symbol);
  }
}
count(thread, frames);

const print = (title: string, map: Map<string, number>, limit: number) => {
  console.log(title);
  for (const [key, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`  ${((n / samples) * 100).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`${file}: ${samples} samples`);
print('CPU by package (a main thread by its nearest JavaScript function; other threads by name):', byPackage, top);
print('CPU by function (what it called counted with it):', byFunction, top);
