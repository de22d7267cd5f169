import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { markLoadTimeCallsPure } from './pure-domain';

const mark = (code: string) => markLoadTimeCallsPure(code, parseAst(code) as never);

describe('markLoadTimeCallsPure', () => {
  it('marks the calls module-level values make while the module loads, arguments and chains included', () => {
    const code = [
      "import { z } from 'zod';",
      '/** Wires per 6d ≤ 10 — a comment with non-ASCII text before the calls. */',
      'export const ropeSchema = z.object({ name: z.string().max(45), count: z.number().int() }).partial();',
      'const ids = new Set([1, 2]);',
    ].join('\n');
    expect(mark(code)).toBe(
      [
        "import { z } from 'zod';",
        '/** Wires per 6d ≤ 10 — a comment with non-ASCII text before the calls. */',
        'export const ropeSchema = /* @__PURE__ */ z.object({ name: /* @__PURE__ */ z.string().max(45), count: /* @__PURE__ */ z.number().int() }).partial();',
        'const ids = /* @__PURE__ */ new Set([1, 2]);',
      ].join('\n'),
    );
  });

  it('leaves calls inside functions, statements and plain values alone', () => {
    const code = [
      'export const check = z.string().refine((value) => log(value));',
      'export function parse(text) { return schema.parse(text); }',
      'register(plugin);',
      "export const NAMES = ['a', 'b'];",
    ].join('\n');
    const marked = mark(code);
    expect(marked).toContain('check = /* @__PURE__ */ z.string().refine((value) => log(value));');
    expect(marked).toContain('{ return schema.parse(text); }');
    expect(marked).toContain('\nregister(plugin);');
    expect(marked.match(/@__PURE__/g)).toHaveLength(1);
  });
});
