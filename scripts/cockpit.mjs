#!/usr/bin/env node
// The two commands of the README: `npm start` and `npm test`. They need only Node and npm: pnpm is fetched by npx
// at the exact version that package.json's packageManager names.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineBusySeconds, measureYardstick } from './machine-yardstick.mjs';
import { onSupportedNode } from './runtime.mjs';
import { printTestSummary } from './test-summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Every Node process these commands start (the server, the worker, the tests' processes) keeps V8's compiled code of
// the modules it loads on disk and starts from it the next time: a compiled server starts on a tenth less CPU. Node
// checks each file's contents, so a changed module is compiled afresh; NODE_COMPILE_CACHE set outside wins.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'node-compile-cache');
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager;

function run(command, args, env = {}, cwd = root) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const pnpm = (args, env) => run('npx', ['-y', pnpmVersion, ...args], env);
/** pnpm at a lower priority (where `nice` exists): work that must not slow the critical path down. */
const nice = (args, env) =>
  existsSync('/usr/bin/nice')
    ? run('/usr/bin/nice', ['-n', '10', 'npx', '-y', pnpmVersion, ...args], { ...env, TEST_LOWER_PRIORITY: '1' })
    : pnpm(args, env);

/** How long each step took, printed at the end of `npm test` so the next slowdown is seen. */
const stepTimes = [];

async function step(name, action) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const code = await action();
  const seconds = (Date.now() - started) / 1000;
  stepTimes.push({ name, seconds, startedAt: started });
  console.log(`=== ${name} ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`);
  return code === 0;
}

async function install() {
  const ok = await step('install', () => pnpm(['install', '--frozen-lockfile', '--reporter=append-only']));
  if (!ok) process.exit(1);
}

async function start() {
  await install();
  if (
    !(await step('build the web client and the server', () =>
      pnpm(['turbo', 'run', 'build', '--filter=@rope/api', '--output-logs=errors-only']),
    ))
  ) {
    process.exit(1);
  }
  // The quick start asks for the demo data on the first start of an empty embedded database; production
  // otherwise never makes demo accounts or keys unless DEMO_DATA says so.
  process.exit(
    // The compiled server, run by Node itself: a SIGTERM reaches it, and a busy server finishes its in-flight requests.
    await run(
      process.execPath,
      ['--enable-source-maps', 'dist/server.mjs'],
      {
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        ...('DEMO_DATA' in process.env ? {} : { DEMO_DATA: 'auto' }),
      },
      join(root, 'apps/api'),
    ),
  );
}

async function dev() {
  await install();
  process.exit(await pnpm(['turbo', 'run', 'dev', '--filter=@rope/api', '--filter=@rope/web']));
}

async function test() {
  await install();
  // Measured before the steps, on a machine not yet busy with them.
  const yardstick = measureYardstick();
  const busyAtStart = machineBusySeconds();
  for (const dir of ['packages/domain', 'packages/db', 'apps/api', 'apps/web', 'e2e']) {
    rmSync(join(root, dir, 'test-results', 'vitest.json'), { force: true });
  }
  for (const name of existsSync(join(root, 'apps/api/test-results'))
    ? readdirSync(join(root, 'apps/api/test-results'))
    : []) {
    if (name.startsWith('battery-')) rmSync(join(root, 'apps/api/test-results', name), { force: true });
  }
  const failedSteps = [];
  const runSteps = async (steps) => {
    for (const [name, action] of steps) {
      if (!(await step(name, action))) failedSteps.push(name);
    }
  };
  const tests = (packages, runner = pnpm, env = {}) =>
    runner(['turbo', 'run', 'test', ...packages.map((name) => `--filter=${name}`), '--concurrency=1', '--continue'], {
      TEST_REPORT: '1',
      ...env,
    });
  // On two cores, Chromium beside the API tests starved both: the run took half as long again as one after the other,
  // and waits ran out. So the API tests go first, with the checks that only read the code and the short suites beside
  // them at a lower priority, and the browser tests (four files at a time, Chromium the most of their time) after,
  // as soon as the API tests are done. The demo data the browser tests start from loads beside the API tests.
  // The checks start with the build, which keeps about one core busy: they read the sources, not what it writes.
  const checks = runSteps([
    ['typecheck', typecheckOnOneThread],
    ['lint', () => nice(['turbo', 'run', '//#lint', '--output-logs=errors-only'])],
    [
      'domain, database, client and web tests',
      () => tests(['@rope/domain', '@rope/db', '@rope/api-client', '@rope/web'], nice),
    ],
  ]);
  await runSteps([['build', () => pnpm(['turbo', 'run', 'build', '--filter=@rope/api', '--output-logs=errors-only'])]]);
  const templateFile = join(root, 'e2e/test-results/demo-template-dir');
  rmSync(templateFile, { force: true });
  const demoTemplate = runSteps([
    [
      'demo data for the browser tests',
      () => run(join(root, 'apps/api/node_modules/.bin/tsx'), ['e2e/src/demo-data-cli.ts', templateFile]),
    ],
  ]);
  await Promise.all([
    (async () => {
      await runSteps([['API tests', () => tests(['@rope/api'])]]);
      await demoTemplate;
      const templateDir = existsSync(templateFile) ? readFileSync(templateFile, 'utf8') : undefined;
      await runSteps([
        ['browser tests', () => tests(['@rope/e2e'], pnpm, templateDir ? { DEMO_TEMPLATE_DIR: templateDir } : {})],
      ]);
      // The browser tests remove both when they end; a run that never reached them must not leave 210 MB in memory.
      // The empty template lies beside the demo's (emptyTemplateOf, e2e/src/demo-data.ts).
      if (templateDir)
        for (const dir of [templateDir, `${templateDir}-empty`]) rmSync(dir, { recursive: true, force: true });
    })(),
    checks,
    demoTemplate,
  ]);
  const machine = { cores: cpus().length, busySeconds: machineBusySeconds() - busyAtStart, ...yardstick };
  const summary = printTestSummary(root, failedSteps, stepTimes, machine);
  process.exit(failedSteps.length > 0 || summary.failed > 0 || summary.passed === 0 ? 1 : 0);
}

/**
 * The packages on TypeScript 7 checked on one thread: beside the API tests both cores are busy anyway, and its
 * parallel checkers each resolve the same declarations again (14.6 instead of 30.6 CPU s for the API and the web
 * client together, and no slower on two cores). The API client's generator keeps TypeScript 5, which has no threads.
 */
async function typecheckOnOneThread() {
  const typecheck = ['turbo', 'run', 'typecheck', '--concurrency=1', '--output-logs=errors-only'];
  const onTypeScript7 = await nice([...typecheck, '--filter=!@rope/api-client', '--', '--singleThreaded']);
  const apiClient = await nice([...typecheck, '--filter=@rope/api-client']);
  return onTypeScript7 !== 0 ? onTypeScript7 : apiClient;
}

/** `npm run backup -- <folder>` and `npm run restore -- <folder>`: see docs/operations.md. */
async function backupOrRestore() {
  // A checkout compiles the command when a source is newer than it; the image ships it compiled, without the build.
  const buildScript = join(root, 'apps/api/scripts/build.mjs');
  if (existsSync(buildScript)) {
    const built = await run(process.execPath, [buildScript, '--if-stale']);
    if (built !== 0) process.exit(built);
  }
  const cli = join(root, 'apps/api/dist/backup-cli.mjs');
  process.exit(await run(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)]));
}

/**
 * `npm run battery`: the input battery, its valid and its hostile half, with a random seed (or BATTERY_SEED), which it
 * prints to replay a failure.
 */
async function battery() {
  const seed = process.env.BATTERY_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  console.log(`input battery with BATTERY_SEED=${seed}`);
  const vitest = join(root, 'apps/api/node_modules/.bin/vitest');
  const files = [
    'test/authorization/valid-input-every-route.test.ts',
    'test/authorization/bad-input-every-route.test.ts',
    'test/authorization/hostile-files.test.ts',
  ];
  const code = await new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...files], {
      cwd: join(root, 'apps/api'),
      stdio: 'inherit',
      env: { ...process.env, BATTERY_SEED: seed },
    });
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) console.log(`replay with: BATTERY_SEED=${seed} npm run battery`);
  process.exit(code);
}

const commands = { start, test, dev, battery, backup: backupOrRestore, restore: backupOrRestore };
const command = commands[process.argv[2]];
if (!command) {
  console.error(`usage: node scripts/cockpit.mjs ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
// On Node older than 22 this process only starts the same command on the pinned Node 24 and passes on its exit.
// CI tests on the Node the image runs (.node-version's major version), whatever Node the machine has; elsewhere any
// supported Node does.
const pinnedOnly = process.env.CI === 'true' && process.argv[2] === 'test';
if (!onSupportedNode(root, fileURLToPath(import.meta.url), process.argv.slice(2), { pinnedOnly })) await command();
