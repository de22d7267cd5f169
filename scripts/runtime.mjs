// The runtime the cockpit runs and is tested on: Node.js 24 LTS (22 is supported too). A machine whose Node is older
// (Node 20 reached its end of life in April 2026, and some machines still have it) gets the Node of .node-version from
// the npm registry, where its per-platform packages are published, into .runtime/ once; the README's commands then
// run on it. Plain JavaScript that Node 18 still parses: it has to run on the old Node to replace it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** The oldest major version the cockpit supports; older ones are replaced by the pinned version. */
export const OLDEST_SUPPORTED_MAJOR = 22;

export function pinnedVersion(root) {
  return readFileSync(join(root, '.node-version'), 'utf8').trim();
}

const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);

export function isSupported(version) {
  return majorOf(version) >= OLDEST_SUPPORTED_MAJOR;
}

/**
 * Whether `version` may run the command: a supported one, or, where the pinned release is wanted (CI tests what the
 * image runs, whatever Node the machine has), one of the pinned major version.
 */
export function isWanted(version, pinned, { pinnedOnly = false } = {}) {
  return pinnedOnly ? majorOf(version) === majorOf(pinned) : isSupported(version);
}

/** The npm package holding Node's binary for this platform, named as the registry's `node` package names it. */
function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const arch = platform === 'win' && process.arch === 'ia32' ? 'x86' : process.arch;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${arch}`;
}

/** The pinned Node's binary in .runtime/, installed from the npm registry when missing or of another version. */
export function installPinnedNode(root) {
  const version = pinnedVersion(root);
  return installNode(
    join(root, '.runtime'),
    version,
    (installed) => installed === version,
    () => console.log(`Node ${process.versions.node} is not the one wanted: fetching Node ${version} into .runtime/`),
  );
}

/** The newest Node of a major version (22, to test the oldest supported one) in .runtime/node-<major>/. */
export function installNodeMajor(root, major) {
  return installNode(join(root, '.runtime', `node-${major}`), String(major), (installed) =>
    installed.startsWith(`${major}.`),
  );
}

function installNode(prefix, spec, wanted, announce = () => {}) {
  const name = platformPackage();
  const binary = join(prefix, 'node_modules', name, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  const installed = join(prefix, 'node_modules', name, 'package.json');
  if (existsSync(binary) && wanted(JSON.parse(readFileSync(installed, 'utf8')).version)) return binary;
  announce();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // npm's own cache answers a version it fetched before without asking the registry (--prefer-offline): a clean clone
  // on a machine that ran the tests once needs no network for Node, and a registry behind a flaky proxy cannot fail it.
  const args = [
    'install',
    '--prefix',
    prefix,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
  ];
  // A registry reached through a proxy now and then breaks one download (a certificate chain it presents only
  // sometimes, a reset): tried three times, some seconds apart, before a person is asked to step in.
  let result;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    result = spawnSync(npm, [...args, '--loglevel=error', `${name}@${spec}`], { stdio: 'inherit' });
    if (result.status === 0 && existsSync(binary)) break;
    if (attempt < 3) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, attempt * 5000);
  }
  if (result.status !== 0 || !existsSync(binary)) {
    throw new Error(`could not install Node ${spec} (${name}) from the npm registry; install Node ${spec} by hand`);
  }
  return binary;
}

/** The environment for processes run on `binary`: its folder first on PATH, so `#!/usr/bin/env node` finds it. */
export function envFor(binary, env = process.env) {
  return { ...env, PATH: [dirname(binary), env.PATH ?? ''].join(delimiter) };
}

/**
 * Runs this script again on the pinned Node when the current one is too old, or is not of the pinned major version and
 * `pinnedOnly` asks for it, and answers whether it did (the caller then only waits: the new process exits for both).
 * Otherwise puts the current Node first on PATH for the child processes.
 */
export function onSupportedNode(root, script, args, { pinnedOnly = false } = {}) {
  if (isWanted(process.versions.node, pinnedVersion(root), { pinnedOnly })) {
    process.env.PATH = envFor(process.execPath).PATH;
    return false;
  }
  const binary = installPinnedNode(root);
  const child = spawn(binary, [script, ...args], { stdio: 'inherit', env: envFor(binary) });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
