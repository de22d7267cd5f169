import type { Plugin } from 'vite';

/** The domain package's sources, wherever the workspace sits. */
const DOMAIN_SOURCE = /\/packages\/domain\/src\/[^?]*\.ts$/;

interface Node {
  type: string;
  start: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/** Code in these runs when called, not when the module loads: its calls keep their effects. */
const DEFERRED = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression']);

/**
 * Marks the module-level values of packages/domain as side-effect free, so a screen that imports one constant or
 * function of a domain module does not also receive every zod schema the module defines (and zod with them).
 * Rollup must assume that any call may have side effects: `export const ropeSchema = z.object({...})` stays in the
 * bundle even when nothing reads ropeSchema. The domain only defines values at module level (schemas, tables,
 * functions), so a `/* @__PURE__ *\/` before each call or `new` that runs while the module loads (in a module-level
 * declaration, arguments included, function bodies excluded) lets Rollup drop the values nothing reads.
 */
export function pureDomainValues(): Plugin {
  return {
    name: 'rope:pure-domain-values',
    apply: 'build',
    transform(code, id) {
      if (!DOMAIN_SOURCE.test(id.replaceAll('\\', '/'))) return null;
      const annotated = markLoadTimeCallsPure(code, this.parse(code) as unknown as Program);
      return annotated === code ? null : { code: annotated, map: null };
    },
  };
}

interface Program {
  body: Node[];
}

/** The module with `/* @__PURE__ *\/` before every call its module-level declarations make while it loads. */
export function markLoadTimeCallsPure(code: string, program: Program): string {
  const starts = program.body
    .flatMap((statement) => {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      return declaration?.type === 'VariableDeclaration' ? (declaration.declarations ?? []) : [];
    })
    .flatMap((declarator) => (declarator.init ? loadTimeCalls(declarator.init) : []));
  return annotatePure(code, starts);
}

/** Start offsets of the calls and `new`s an expression makes when evaluated. */
function loadTimeCalls(node: Node): number[] {
  if (DEFERRED.has(node.type)) return [];
  const own = node.type === 'CallExpression' || node.type === 'NewExpression' ? [node.start] : [];
  const nested = Object.values(node).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter(isNode).flatMap(loadTimeCalls),
  );
  return [...own, ...nested];
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Inserts the pure annotation at each offset (from the last, so earlier offsets stay valid). */
function annotatePure(code: string, starts: number[]): string {
  let result = code;
  // Chained calls (`z.string().max(45)`) share their start; one annotation covers the chain.
  for (const start of [...new Set(starts)].sort((a, b) => b - a)) {
    result = `${result.slice(0, start)}/* @__PURE__ */ ${result.slice(start)}`;
  }
  return result;
}
