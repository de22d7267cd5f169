import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/env.ts';

/**
 * The API's modules import each other in one direction: dependency-cruiser's `api-no-import-circle` sees circles of
 * files, but two modules can import each other through different files without one, and then neither can be
 * understood, tested or moved without the other. Type-only imports and tests aside.
 */
const MODULES = join(repoRoot, 'apps/api/src/modules');

type Graph = Map<string, Set<string>>;

function moduleGraph(): Graph {
  const modules = readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const graph: Graph = new Map(modules.map((name) => [name, new Set<string>()]));
  for (const name of modules) {
    const files = readdirSync(join(MODULES, name), { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    for (const file of files) {
      const source = readFileSync(join(MODULES, name, file), 'utf8');
      for (const [, clause, path] of source.matchAll(/^import (type )?[^;]*?from '(\.[^']+)'/gms)) {
        if (clause || path === undefined) continue;
        const [target] = relative(MODULES, resolve(MODULES, name, dirname(file), path)).split(sep);
        if (target !== undefined && target !== name && graph.has(target)) graph.get(name)?.add(target);
      }
    }
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan). */
function circles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member !== undefined) component.push(member);
      } while (member !== undefined && member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the API modules', () => {
  it('import each other without a circle', () => {
    expect(circles(moduleGraph())).toEqual([]);
  });

  it('are read with their imports: the graph holds the imports a circle would be made of', () => {
    const graph = moduleGraph();
    expect([...(graph.get('device-intake') ?? [])]).toEqual(expect.arrayContaining(['sensors', 'smartropes']));
    expect(graph.get('sensors')?.has('devices')).toBe(true);
    expect(graph.get('projects')?.has('documents')).toBe(true);
    expect(circles(new Map([...graph, ['devices', new Set(['device-intake'])]]))).toEqual([
      ['device-intake', 'devices', 'sensors', 'smartropes'],
    ]);
  });
});
