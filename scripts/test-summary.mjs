import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PACKAGE_DIRS = ['packages', 'apps'];

function reportFiles(root) {
  const dirs = PACKAGE_DIRS.flatMap((group) =>
    existsSync(join(root, group)) ? readdirSync(join(root, group)).map((name) => join(root, group, name)) : [],
  );
  dirs.push(join(root, 'e2e'));
  return dirs.map((dir) => join(dir, 'test-results', 'vitest.json')).filter((file) => existsSync(file));
}

/** What the batteries of apps/api sent (authorization/battery-count.ts): cells, requests, files. */
function batteryCounts(root) {
  const dir = join(root, 'apps/api/test-results');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^battery-.*\.json$/.test(name))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

/** Why a test was skipped, as its title says it (`... (skipped: Redis at ... is not reachable ...)`). */
function skipReason(title) {
  const start = title.lastIndexOf('(skipped: ');
  if (start < 0) return 'no reason in its title';
  let depth = 0;
  for (let at = start; at < title.length; at += 1) {
    if (title[at] === '(') depth += 1;
    if (title[at] === ')' && --depth === 0) return title.slice(start + '(skipped: '.length, at);
  }
  return title.slice(start + '(skipped: '.length);
}

const SLOWEST_FILES = 12;

/** The test files that took longest, over every package, and each step's time: where the next slowdown shows. */
function printTimes(files, stepTimes, machine) {
  console.log(`slowest ${SLOWEST_FILES} test files:`);
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_FILES)) {
    console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`);
  }
  if (stepTimes.length === 0) return;
  console.log('steps:');
  for (const { name, seconds } of stepTimes) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
  // Steps overlap (the checks run beside the tests): the whole is the time from the first step's start.
  const all = (Date.now() - Math.min(...stepTimes.map(({ startedAt }) => startedAt))) / 1000;
  console.log(`  ${all.toFixed(1).padStart(6)} s  in all, from the first step's start`);
  if (!machine) return;
  // Only less CPU shortens a run whose cores are busy throughout; the yardstick tells a slower machine from a dearer
  // tree.
  const systemCalls = machine.systemCalls === undefined ? '' : `, system calls ${machine.systemCalls.toFixed(0)} ms`;
  console.log(
    `machine: ${machine.cores} cores busy ${machine.busySeconds.toFixed(0)} CPU s over the run; ` +
      `yardstick (scripts/machine-yardstick.mjs) computing ${machine.compute.toFixed(0)} ms${systemCalls}`,
  );
}

/** The first line of a failure message, cut to a length a summary line can carry. */
function firstLine(message) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a failure message carries the terminal's colour codes
  const plain = String(message ?? 'no message').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((text) => text.trim() !== '') ?? 'no message';
  return line.length > 240 ? `${line.slice(0, 240)}...` : line;
}

/** Adds up the vitest JSON reports of every package and prints the closing line `N passed, N failed, N skipped`. */
export function printTestSummary(root, failedSteps = [], stepTimes = [], machine = undefined) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const skippedFor = new Map();
  const failures = [];
  const fileTimes = [];
  console.log('\n=== summary');
  for (const file of reportFiles(root)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of report.testResults ?? []) {
      if (suite.startTime && suite.endTime) {
        fileTimes.push({ name: suite.name.replace(`${root}/`, ''), seconds: (suite.endTime - suite.startTime) / 1000 });
      }
    }
    const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    total.passed += report.numPassedTests ?? 0;
    total.failed += report.numFailedTests ?? 0;
    total.skipped += skipped;
    const name = file.replace(`${root}/`, '').replace('/test-results/vitest.json', '');
    console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
    for (const suite of report.testResults ?? []) {
      const suiteName = suite.name.replace(`${root}/`, '');
      if (suite.status === 'failed' && (suite.assertionResults ?? []).every((test) => test.status !== 'failed')) {
        failures.push(`${suiteName}: the file itself (${firstLine(suite.message)})`);
      }
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') {
          failures.push(`${suiteName} > ${test.fullName} (${firstLine(test.failureMessages?.[0])})`);
        }
        if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
          console.log(`  skipped: ${test.fullName}`);
          // A test that never ran because its file failed first (a set-up hook ran out) says so, not "no reason".
          const reason =
            suite.status === 'failed' && !test.fullName.includes('(skipped: ')
              ? `its file failed before it ran (${suite.name.replace(`${root}/`, '')}: a set-up hook, see above)`
              : skipReason(test.fullName);
          skippedFor.set(reason, (skippedFor.get(reason) ?? 0) + 1);
        }
      }
    }
  }
  for (const battery of batteryCounts(root)) {
    console.log(`${battery.name}: ${battery.count}${battery.detail ? ` ${battery.detail}` : ''}`);
  }
  for (const [reason, count] of skippedFor) console.log(`${count} skipped: ${reason}`);
  printTimes(fileTimes, stepTimes, machine);
  // Last, beside the closing line: a CI log is often read from its tail only.
  for (const failure of failures) console.log(`failed: ${failure}`);
  if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total;
}
