import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the README's commands, without type declarations.
import { envFor, isSupported, isWanted, pinnedVersion } from '../../../../scripts/runtime.mjs';
import { repoRoot } from '../../src/env.ts';

describe('the runtime (scripts/runtime.mjs, .node-version)', () => {
  it('pins a Node 24 LTS release, and the tests run on a supported Node', () => {
    expect(pinnedVersion(repoRoot)).toMatch(/^24\.\d+\.\d+$/);
    expect(isSupported(process.versions.node), `the tests run on Node ${process.versions.node}`).toBe(true);
    // CI tests on the major version the image runs, whatever Node the machine has (scripts/cockpit.mjs).
    if (process.env.CI === 'true') expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('wants the pinned major version where only it will do (CI), and any supported one elsewhere', () => {
    expect(isWanted('22.12.0', '24.21.0')).toBe(true);
    expect(isWanted('22.12.0', '24.21.0', { pinnedOnly: true })).toBe(false);
    expect(isWanted('v24.3.0', '24.21.0', { pinnedOnly: true })).toBe(true);
    expect(isWanted('26.1.0', '24.21.0', { pinnedOnly: true })).toBe(false);
    expect(isWanted('20.19.0', '24.21.0')).toBe(false);
  });

  it('supports Node 22 and 24, and replaces anything older', () => {
    for (const version of ['v24.21.0', '24.0.0', '22.12.0', '26.1.0']) expect(isSupported(version)).toBe(true);
    for (const version of ['v20.20.2', '20.19.0', '18.20.4', '21.7.3']) expect(isSupported(version)).toBe(false);
  });

  it('puts the chosen Node first on PATH, so `#!/usr/bin/env node` in every tool finds it', () => {
    const env = envFor('/opt/node-24/bin/node', { PATH: '/usr/local/bin:/usr/bin', HOME: '/root' });
    expect(env.PATH.split(delimiter)).toEqual(['/opt/node-24/bin', '/usr/local/bin', '/usr/bin']);
    expect(env.HOME).toBe('/root');
  });

  it('names Node 24 for the image, the engines and the type declarations', () => {
    expect(readFileSync(join(repoRoot, 'infra/Dockerfile'), 'utf8')).toMatch(/^ARG NODE_VERSION=24\./m);
    expect(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).engines.node).toBe('>=22.12');
    for (const path of ['apps/api', 'packages/db', 'packages/server-runner', 'e2e', 'bench']) {
      const manifest = JSON.parse(readFileSync(join(repoRoot, path, 'package.json'), 'utf8'));
      expect(manifest.devDependencies['@types/node'], path).toMatch(/^\^24\./);
    }
  });
});
