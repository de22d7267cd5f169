// The load balancer in front of the API processes: nginx when the machine has it (what a site runs there), else the
// small Node proxy beside this file. Round robin, keep-alive to each upstream.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@rope/server-runner';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const tsx = join(repoRoot, 'apps/api/node_modules/.bin/tsx');

export interface Proxy {
  kind: 'nginx' | 'node';
  port: number;
  /** Its process group: its CPU is counted as the proxy's. */
  group: number;
  stop(): void;
}

export async function startProxy(upstreamPorts: number[]): Promise<Proxy> {
  const wanted = process.env.LOAD_PROXY ?? (NGINX ? 'nginx' : 'node');
  return wanted === 'nginx' && NGINX ? startNginx(NGINX, upstreamPorts) : startNodeProxy(upstreamPorts);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function stopGroup(child: ChildProcess) {
  try {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

async function startNginx(binary: string, upstreamPorts: number[]): Promise<Proxy> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'rope-load-nginx-'));
  mkdirSync(join(dir, 'logs'));
  // Workers may run as nobody: their buffers must be writable by them.
  chmodSync(dir, 0o777);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `${name}_temp_path ${join(dir, name)};`)
    .join('\n    ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs/error.log')} warn;
events { worker_connections 4096; }
http {
    access_log off;
    ${temp}
    client_max_body_size 50m;
    upstream api {
${upstreamPorts.map((upstream) => `        server 127.0.0.1:${upstream};`).join('\n')}
        keepalive 128;
    }
    server {
        listen 127.0.0.1:${port};
        location / {
            proxy_pass http://api;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
        }
    }
}
`,
  );
  const child = spawn(binary, ['-e', join(dir, 'logs/error.log'), '-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: 'ignore',
    detached: true,
  });
  await waitForPort(port, child);
  return {
    kind: 'nginx',
    port,
    group: child.pid ?? -1,
    stop: () => {
      // Removed once nginx has exited: its workers make their temporary folders as they first need them.
      const remove = () => rmSync(dir, { recursive: true, force: true });
      if (child.exitCode !== null || child.signalCode !== null) return remove();
      child.once('exit', remove);
      stopGroup(child);
    },
  };
}

async function startNodeProxy(upstreamPorts: number[]): Promise<Proxy> {
  const child = spawn(tsx, [join(repoRoot, 'bench/src/load/proxy.ts'), ...upstreamPorts.map(String)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const port = await new Promise<number>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec(String(chunk))?.[1];
      if (found) resolve(Number(found));
    });
  });
  return { kind: 'node', port, group: child.pid ?? -1, stop: () => stopGroup(child) };
}

async function waitForPort(port: number, child: ChildProcess) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx ended with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('nginx did not listen within 10 s');
}
