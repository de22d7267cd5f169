/**
 * What a client generated from an older OpenAPI document would meet as a break in a newer one, in the manner of
 * oasdiff's breaking-change rules (no tool of that kind reads OpenAPI 3.1 and installs from the npm registry): an
 * operation or success answer gone, a parameter or body attribute newly required or gone, an input's type narrowed
 * or an enum value it took refused, an answer's attribute gone or no longer always there, an answer's type changed.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
export interface ContractDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function resolve(doc: ContractDocument, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 20; hops += 1) {
    current = doc.components?.schemas?.[current.$ref.replace('#/components/schemas/', '')];
  }
  return current;
}

/** The types a schema allows, its alternatives included ('null' for a nullable one). */
function typesOf(doc: ContractDocument, schema: Schema | undefined, depth = 0): Set<string> {
  const resolved = resolve(doc, schema);
  const types = new Set<string>();
  if (!resolved || depth > 10) return types;
  for (const type of [resolved.type ?? []].flat()) types.add(type);
  for (const option of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) {
    for (const type of typesOf(doc, option, depth + 1)) types.add(type);
  }
  return types;
}

/** The object alternative of a schema, where it has one. */
function objectOf(doc: ContractDocument, schema: Schema | undefined): Schema | undefined {
  const resolved = resolve(doc, schema);
  if (!resolved) return undefined;
  if (resolved.properties) return resolved;
  return [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]
    .map((option) => resolve(doc, option))
    .find((option) => option?.properties);
}

const isSubset = (inner: Set<string>, outer: Set<string>) =>
  [...inner].every((type) => outer.has(type) || (type === 'integer' && outer.has('number')));

interface Side {
  before: ContractDocument;
  after: ContractDocument;
}

/** Input (a parameter, a body): the newer one must take everything the older one took. */
function compareInput(side: Side, before: Schema | undefined, after: Schema | undefined, at: string, out: string[]) {
  compareSchemas(side, before, after, at, out, 'input', 0);
}

function compareSchemas(
  side: Side,
  beforeSchema: Schema | undefined,
  afterSchema: Schema | undefined,
  at: string,
  out: string[],
  direction: 'input' | 'output',
  depth: number,
) {
  if (depth > 8 || !beforeSchema || !afterSchema) return;
  const beforeTypes = typesOf(side.before, beforeSchema);
  const afterTypes = typesOf(side.after, afterSchema);
  if (beforeTypes.size > 0 && afterTypes.size > 0) {
    const broken = direction === 'input' ? !isSubset(beforeTypes, afterTypes) : !isSubset(afterTypes, beforeTypes);
    if (broken) out.push(`${at}: type ${[...beforeTypes]} became ${[...afterTypes]}`);
  }
  const before = resolve(side.before, beforeSchema);
  const after = resolve(side.after, afterSchema);
  if (direction === 'input' && before?.enum && after?.enum) {
    const refused = before.enum.filter((value) => !after.enum!.includes(value));
    if (refused.length > 0) out.push(`${at}: no longer takes ${JSON.stringify(refused)}`);
  }
  const beforeObject = objectOf(side.before, beforeSchema);
  const afterObject = objectOf(side.after, afterSchema);
  if (beforeObject?.properties && afterObject?.properties) {
    const beforeRequired = new Set(beforeObject.required ?? []);
    const afterRequired = new Set(afterObject.required ?? []);
    for (const [name, property] of Object.entries(beforeObject.properties)) {
      const next = afterObject.properties[name];
      if (direction === 'output' && !next) out.push(`${at}.${name}: no longer answered`);
      if (direction === 'output' && next && beforeRequired.has(name) && !afterRequired.has(name)) {
        out.push(`${at}.${name}: no longer always answered`);
      }
      if (next) compareSchemas(side, property, next, `${at}.${name}`, out, direction, depth + 1);
    }
    if (direction === 'input') {
      for (const name of afterRequired) {
        if (!beforeRequired.has(name)) out.push(`${at}.${name}: newly required`);
      }
    }
  }
  const beforeItems = resolve(side.before, beforeSchema)?.items;
  const afterItems = resolve(side.after, afterSchema)?.items;
  if (beforeItems && afterItems) {
    compareSchemas(side, beforeItems, afterItems, `${at}[]`, out, direction, depth + 1);
  }
}

const jsonSchemaOf = (content: Record<string, { schema?: Schema }> | undefined) =>
  content?.['application/json']?.schema;

/** The breaks between two documents, one line each; none when the newer one only adds. */
export function breakingChanges(before: ContractDocument, after: ContractDocument): string[] {
  const side = { before, after };
  const out: string[] = [];
  for (const [path, item] of Object.entries(before.paths)) {
    for (const method of METHODS) {
      const old = item[method];
      if (!old) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const next = after.paths[path]?.[method];
      if (!next) {
        out.push(`${key}: removed`);
        continue;
      }
      const params = (operation: Operation) =>
        new Map((operation.parameters ?? []).map((param) => [`${param.in} ${param.name}`, param]));
      const oldParams = params(old);
      const newParams = params(next);
      for (const [name, param] of newParams) {
        const was = oldParams.get(name);
        if (param.required && !was?.required) out.push(`${key}: parameter ${name} newly required`);
        if (was) compareInput(side, was.schema, param.schema, `${key} parameter ${name}`, out);
      }
      for (const name of oldParams.keys()) {
        if (!newParams.has(name)) out.push(`${key}: parameter ${name} no longer taken`);
      }
      if (!old.requestBody?.required && next.requestBody?.required) out.push(`${key}: body newly required`);
      compareInput(side, jsonSchemaOf(old.requestBody?.content), jsonSchemaOf(next.requestBody?.content), key, out);
      for (const [status, answer] of Object.entries(old.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        const nextAnswer = next.responses?.[status];
        if (!nextAnswer) {
          out.push(`${key}: answer ${status} no longer given`);
          continue;
        }
        const at = `${key} ${status}`;
        compareSchemas(side, jsonSchemaOf(answer.content), jsonSchemaOf(nextAnswer.content), at, out, 'output', 0);
      }
    }
  }
  return out;
}
