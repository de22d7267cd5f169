import { type ChildProcess, spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, with a trailing slash. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server's process id, which is also its process group. */
  pid: number;
  /** Everything the server wrote so far, stdout and stderr. */
  output: () => string;
  /** SIGTERM, SIGKILL after 20 s; removes the data directory unless `keepDataDir`. Answers the exit code. */
  stop(): Promise<number | null>;
}

export interface ServerOptions {
  /** Overrides of the defaults below and of the caller's environment. */
  env?: Record<string, string>;
  /** How long start-up may take until /api/health answers 200: demo data on a busy machine takes minutes. */
  startTimeoutMs: number;
  /** The temporary data directory's name starts with this. */
  dataDirPrefix: string;
  /** Where the temporary data directory is made: the system's temporary folder by default. */
  dataDirParent?: string;
  /** Node options before the script, e.g. `--cpu-prof` (which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /** Another checkout of the repository to run the server of (a benchmark's baseline); this one by default. */
  root?: string;
  /**
   * A data directory to start from a copy of (one a stopped server left, e.g. with the demo data loaded): the copy
   * is the server's own, the original stays as it was.
   */
  copyOf?: string;
  /** Leave the data directory where it is when the server stops (to start others from: `copyOf`). */
  keepDataDir?: boolean;
  /**
   * The server to run, from the repository's root: `apps/api/src/server.ts` (the default, through tsx) or the
   * compiled `apps/api/dist/server.mjs`, which starts in a fraction of the time.
   */
  entry?: string;
  /** The Node binary to run it on (another supported version); the one running the caller by default. */
  node?: string;
}

/**
 * A folder in memory (Linux's /dev/shm, a tmpfs) when it has `room` bytes free, else undefined: for data directories
 * that live as long as a test. The browser tests' demo copy is about 170 MB (400 MB before its spare WAL was
 * trimmed); copied to disk for each browser test file and written back by the kernel, it cost more CPU than some of
 * the tests.
 */
export function memoryFolder(room: number): string | undefined {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize < room) return undefined;
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the real API server with the built web client on a free port, in embedded mode (PGlite, inline queue) on
 * a fresh data directory, as `NODE_ENV=production`; without demo data unless `env` asks for it. For the browser
 * tests and the benchmarks.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { env = {}, root = repoRoot } = options;
  if (!existsSync(join(env.WEB_DIST ?? join(root, 'apps/web/dist'), 'index.html'))) {
    throw new Error('apps/web/dist is missing: build the web client first (npm test does)');
  }
  // A free port is only free until someone binds it: servers started side by side (two browser test files at once)
  // can be handed the same one, and the later one then starts again on another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePort(options);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnFreePort({
  env = {},
  startTimeoutMs,
  dataDirPrefix,
  dataDirParent = tmpdir(),
  nodeArgs = [],
  root = repoRoot,
  copyOf,
  keepDataDir = false,
  entry = 'apps/api/src/server.ts',
  node,
}: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(dataDirParent, dataDirPrefix));
  if (copyOf) cpSync(copyOf, dataDir, { recursive: true });
  const child = startProcess(
    entry,
    {
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    nodeArgs,
    root,
    node,
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const code = await child.stop();
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  try {
    await waitForHealth(url, child, startTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    await stop();
    throw error;
  }
  return { url, dataDir, pid: child.pid, output: child.output, stop };
}

export interface StartedProcess {
  /** The process id, which is also its process group. */
  pid: number;
  /** Everything the process wrote so far, stdout and stderr. */
  output: () => string;
  /** The exit code, or null once it ended by a signal; undefined while it runs. */
  exitCode: () => number | null | undefined;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  /** Sends the signal to the whole process group. */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, SIGKILL after 20 s. Answers the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs an entry point of the repository in a process group of its own, with `env` over the caller's environment;
 * killed when the caller exits. A TypeScript one (`apps/api/src/server.ts`, `apps/api/src/worker.ts`) runs with
 * tsx; a compiled one (`apps/api/dist/server.mjs`, see apps/api/scripts/build.mjs) with plain Node.
 */
export function startProcess(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  root = repoRoot,
  node = process.execPath,
): StartedProcess {
  // tsx as Node's loader, not its launcher: the launcher SIGKILLs a child that does not confirm a relayed SIGTERM
  // within 30 ms, so a busy server would never finish its in-flight requests.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(node, [...nodeArgs, ...loader, join(root, script)], {
    // Where `tsx` resolves from.
    cwd: join(root, 'apps/api'),
    // Node's on-disk compile cache (as scripts/cockpit.mjs sets for its commands): a tenth less CPU per start.
    env: { NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'), ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a kill reaches whatever it starts too.
    detached: true,
  });
  // Whatever ends the caller, the process goes with it.
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.on('exit', killOnExit);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.on('exit', () => resolve());
  });
  void exited.then(() => process.off('exit', killOnExit));
  return {
    pid: child.pid ?? 0,
    output: () => output,
    exitCode: () => (child.signalCode !== null ? null : (child.exitCode ?? undefined)),
    exited,
    kill: (signal) => killGroup(child, signal),
    stop: () => stopChild(child),
  };
}

/**
 * Waits until `url`/api/health answers 200 from `child` itself; fails when the process ends or the time is up. A free
 * port is only free until someone binds it: another test's server that took it meanwhile answers its own health, and
 * the child then ends with EADDRINUSE, so an answer counts only from a socket the child holds (where Linux's /proc
 * tells).
 */
export async function waitForHealth(url: string, child: StartedProcess, timeoutMs: number) {
  const output = child.output;
  const port = Number(new URL(url).port || 80);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode() !== undefined) throw new Error(`server exited with ${child.exitCode()}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok && listensOn(child.pid, port) !== false) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Whether process `pid` holds the TCP socket listening on `port` (any local address): undefined where /proc does not
 * tell (not Linux), false when another process listens there, nobody does or `pid` has ended.
 */
export function listensOn(pid: number, port: number): boolean | undefined {
  if (!existsSync('/proc/net/tcp')) return undefined;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...
      const fields = line.trim().split(/\s+/);
      const localPort = Number.parseInt(fields[1]?.split(':')[1] ?? '', 16);
      if (fields[3] === '0A' && localPort === port) inodes.add(`socket:[${fields[9]}]`);
    }
  }
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // the process has ended
  }
  return fds.some((fd) => {
    try {
      return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`, 'utf8'));
    } catch {
      return false; // closed meanwhile
    }
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const force = setTimeout(() => killGroup(child, 'SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}
