import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the build, without type declarations.
import { externals } from '../../scripts/build.mjs';
import { repoRoot } from '../../src/env.ts';

const manifest = (path: string) =>
  JSON.parse(readFileSync(join(repoRoot, path, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };

describe('the compiled server (apps/api/scripts/build.mjs)', () => {
  it('finds at run time every package the workspace packages it takes in need: each is a dependency of the API', () => {
    const api = manifest('apps/api').dependencies ?? {};
    const missing = ['packages/domain', 'packages/db'].flatMap((path) =>
      Object.entries(manifest(path).dependencies ?? {})
        .filter(([name]) => !name.startsWith('@rope/'))
        .filter(([name, version]) => api[name] !== version)
        .map(([name, version]) => `${path}: ${name}@${version} (the API has ${api[name] ?? 'none'})`),
    );
    expect(missing, 'add them to apps/api/package.json with the same version').toEqual([]);
  });

  it('loads the web client and the other packages from node_modules, and takes in only the TypeScript packages', () => {
    const loaded: string[] = externals();
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('@electric-sql/pglite');
    expect(loaded).toContain('@rope/web');
    expect(loaded).not.toContain('@rope/domain');
    expect(loaded).not.toContain('@rope/db');
  });

  it('takes the demo data file makers into the bundle instead of the production dependencies', () => {
    const api = JSON.parse(readFileSync(join(repoRoot, 'apps/api/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    for (const name of ['pdf-lib', 'pngjs', 'argon2']) expect(api.dependencies).not.toHaveProperty(name);
    expect(api.devDependencies).toHaveProperty('pdf-lib');
    expect(externals()).not.toContain('pdf-lib');
  });
});
