import type { FastifyInstance } from 'fastify';
import { mulberry32 } from '../../src/demo/random.ts';

/** The parts of an OpenAPI 3.1 document the contract tests read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  multipleOf?: number;
  propertyNames?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface DocRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document writes it: /api/areas/{id}. */
  path: string;
  /** As Fastify registered it: /api/areas/:id. */
  route: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: JsonSchema;
  contentTypes: string[];
  response?: JsonSchema;
}

export async function loadOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ url: '/api/doc/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/doc/json answered ${response.statusCode}`);
  return response.json();
}

export function listDocRoutes(doc: OpenApiDocument): DocRoute[] {
  const routes: DocRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase() as DocRoute['method'],
        path,
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema,
        contentTypes: Object.keys(content),
        response: operation.responses?.['200']?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  while (current.$ref) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The alternatives of a schema, nulls left out; a plain schema is its own only alternative. */
export function alternatives(doc: OpenApiDocument, schema: JsonSchema): JsonSchema[] {
  const resolved = resolve(doc, schema);
  const options = resolved.anyOf ?? resolved.oneOf;
  if (!options) return [resolved];
  return options.map((option) => resolve(doc, option)).filter((option) => option.type !== 'null');
}

export const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A plausible value for a schema: its default, first enum value, or the smallest thing its type allows. */
export function exampleOf(doc: OpenApiDocument, schema: JsonSchema, depth = 0): unknown {
  const [first] = alternatives(doc, schema);
  if (!first || depth > 12) return null;
  if (first.default !== undefined) return first.default;
  if (first.const !== undefined) return first.const;
  if (first.enum) return first.enum[0];
  const type = typesOf(first)[0];
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of first.required ?? []) value[key] = exampleOf(doc, first.properties![key]!, depth + 1);
      return value;
    }
    case 'array':
      if (first.prefixItems) return first.prefixItems.map((item) => exampleOf(doc, item, depth + 1));
      return Array.from({ length: first.minItems ?? 0 }, () => exampleOf(doc, first.items ?? {}, depth + 1));
    case 'string':
      if (first.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (first.format === 'date') return '2026-01-01';
      if (first.format === 'email') return 'probe@contract.test';
      return 'x'.repeat(Math.max(first.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return Math.max(first.minimum ?? 1, (first.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** Every property path below a schema (arrays through their first item), with the schema found there. */
export function leavesOf(
  doc: OpenApiDocument,
  schema: JsonSchema,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: JsonSchema }[] {
  const found: { path: (string | number)[]; schema: JsonSchema }[] = [];
  if (path.length > 8) return found;
  for (const option of alternatives(doc, schema)) {
    if (path.length > 0) found.push({ path, schema: option });
    if (option.properties) {
      for (const [key, child] of Object.entries(option.properties)) found.push(...leavesOf(doc, child, [...path, key]));
    } else if (option.items) {
      found.push(...leavesOf(doc, option.items, [...path, 0]));
    }
  }
  const seen = new Set<string>();
  return found.filter((leaf) => {
    const key = JSON.stringify(leaf.path) + JSON.stringify(leaf.schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A copy of `value` with `path` set, creating objects and arrays on the way. */
export function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setAt(list[head], rest, leaf);
    return list;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (object as Record<string, unknown>)[head!] = setAt((object as Record<string, unknown>)[head!], rest, leaf);
  return object;
}

/** A small seeded generator, so every run sends the same requests. */
export const seededRandom = mulberry32;
