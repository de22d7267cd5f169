// The functions with the most self time in a V8 CPU profile (`node --cpu-prof`), and the same grouped by package
// (node_modules/<name>, the workspace's packages, node: internals), with the share of the profiled time.
// Also the self time under each of the workspace's own functions nearest to it on the stack (apps/, packages/): which
// of our calls the time in drivers and libraries serves. LAST=seconds keeps only the samples of the profile's last
// seconds (the load, not the start-up before it).
// Run: [LAST=40] npx tsx src/load/profile-summary.ts file.cpuprofile [top=30]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts file.cpuprofile [top]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const since = process.env.LAST ? profile.endTime - Number(process.env.LAST) * 1e6 : Number.NEGATIVE_INFINITY;
const selfUs = new Map<number, number>();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i += 1) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < since) continue;
  const id = profile.samples[i]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const ours = (url: string) => /\/(apps|packages)\/[^/]+\/src\//.test(url) && !url.includes('node_modules');
/** The nearest function of our own code on the stack of a node (itself included). */
function nearestOwn(id: number): string {
  for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
    const { functionName, url, lineNumber } = byId.get(current)!.callFrame;
    if (ours(url)) return `${functionName || '(anonymous)'}  ${shortUrl(url)}:${lineNumber + 1}`;
  }
  return '(none of ours)';
}
const total = [...selfUs.values()].reduce((sum, value) => sum + value, 0);

function packageOf(url: string) {
  if (!url) return '(native/VM)';
  const modules = /node_modules\/((@[^/]+\/)?[^/]+)(?!.*node_modules)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node:internals';
  const workspace = /\/(apps|packages)\/([^/]+)\/src\/(.*)/.exec(url);
  if (workspace) return `${workspace[1]}/${workspace[2]}`;
  return url;
}
const shortUrl = (url: string) => url.replace(/^.*node_modules\//, '~/').replace(/^.*\/(apps|packages)\//, '$1/');

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const byOwn = new Map<string, number>();
for (const [id, us] of selfUs) {
  const own = nearestOwn(id);
  byOwn.set(own, (byOwn.get(own) ?? 0) + us);
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || '(anonymous)'}  ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + us);
}
const print = (title: string, map: Map<string, number>, count: number) => {
  console.log(title);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(`  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('self time by package:', byPackage, 20);
print('self time by function:', byFunction, top);
print('self time under our nearest function:', byOwn, top);
