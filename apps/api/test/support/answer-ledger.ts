import type { OpenApiDocument } from './openapi.ts';

/**
 * The statuses a battery saw each route answer, held against what the OpenAPI document declares for the route: a
 * client generated from the document must not meet an answer the document never named.
 */
export class AnswerLedger {
  readonly #seen = new Map<string, Set<number>>();

  /** `path` as Fastify registers it (`/api/ropes/:id`) or as the document writes it (`/api/ropes/{id}`). */
  record(method: string, path: string, status: number) {
    const key = `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`;
    let statuses = this.#seen.get(key);
    if (!statuses) {
      statuses = new Set();
      this.#seen.set(key, statuses);
    }
    statuses.add(status);
  }

  /** The answers seen that the document does not declare, as `METHOD path status`; failures (5xx) are others' to catch. */
  undeclared(doc: OpenApiDocument): string[] {
    const found: string[] = [];
    for (const [key, statuses] of this.#seen) {
      const [method, path] = key.split(' ') as [string, string];
      // A route the document leaves out on purpose (`hide`: an alias of a documented path) has nothing to hold to.
      if (!doc.paths[path]?.[method.toLowerCase()]) continue;
      const declared = Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {});
      for (const status of statuses) {
        if (status < 500 && !declared.includes(String(status))) found.push(`${key} ${status}`);
      }
    }
    return found.sort();
  }

  get size() {
    return this.#seen.size;
  }
}
