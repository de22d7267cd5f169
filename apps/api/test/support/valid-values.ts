import { LANGUAGE_IDS } from '@rope/domain/common';
import { LOCATION_PATTERN } from '@rope/domain/documents/schemas';
import { INTEGER_TEXT } from '@rope/domain/ids';
import { PHONE_PATTERN } from '@rope/domain/users/forms';
import { alternatives, type JsonSchema, type OpenApiDocument, typesOf } from './openapi.ts';

/**
 * Valid text that is hard on storage and rendering: combining marks, emoji with joiners, right-to-left scripts,
 * Polish and Greek letters, a fullwidth digit. Each must be stored and read back exactly as sent.
 */
export const VALID_UNICODE = [
  'Zażółć gęślą jaźń',
  'Ελληνικό σχοινί',
  'שלום עולם',
  'حبل الفولاذ',
  'Cafe\u0301 Ame\u0301lie',
  '👩‍🔧 Seil 🚠',
  'Łódź–Świnoujście',
  'ΑΒΓ αβγ ΣΩ',
  'Ｒｏｐｅ ①',
  'ñ̃ ẞ ǅ',
] as const;

/** Where a generated value sits, and the world's objects it may point at. */
export interface ValueContext {
  random: () => number;
  /** The id of a real object for a field path, or undefined when the world has none for it. */
  idFor: (path: (string | number)[]) => number | undefined;
  /** Optional properties left out wherever they occur, by name. */
  omit?: readonly string[];
}

const MAX_ID = 2_147_483_647;

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pickOne = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');
let serial = 0;

/**
 * A date-time within 2020..2025 (in the past: events may not lie in the future), sometimes with milliseconds or an
 * offset, always one the date pattern accepts.
 */
function dateTime(random: () => number): string {
  const day = `${between(random, 2020, 2025)}-${pad(between(random, 1, 12))}-${pad(between(random, 1, 28))}`;
  const time = `${pad(between(random, 0, 23))}:${pad(between(random, 0, 59))}:${pad(between(random, 0, 59))}`;
  const fraction = random() < 0.3 ? `.${pad(between(random, 0, 999), 3)}` : '';
  return `${day}T${time}${fraction}${random() < 0.7 ? 'Z' : '+01:00'}`;
}

/**
 * Unicode text within [min, max] code points (zod and JSON Schema count code points, as PostgreSQL counts characters,
 * so an emoji is one), never with blanks at either end.
 */
export function validText(random: () => number, min = 1, max = 255): string {
  let text: string = pickOne(random, VALID_UNICODE);
  if (random() < 0.5) text = `${text} ${pickOne(random, VALID_UNICODE)}`;
  const points = [...text].slice(0, max);
  let result = points.join('').trim();
  // Cutting may leave a lone joiner or combining mark at the end: ASCII filler keeps the text whole and non-empty.
  if (/[\u200d\u0300-\u036f]$/u.test(result) || result.length === 0) result = 'x';
  while ([...result].length < min) result += 'ä';
  return [...result].slice(0, max).join('');
}

const isIdLike = (schema: JsonSchema, path: (string | number)[]) => {
  const last = [...path].reverse().find((part) => typeof part === 'string') ?? '';
  return (
    (typesOf(schema).includes('integer') && schema.maximum === MAX_ID && schema.exclusiveMinimum === 0) ||
    last === 'id' ||
    /Id$/.test(last)
  );
};

function validString(schema: JsonSchema, path: (string | number)[], context: ValueContext): string {
  const { random } = context;
  const name = String([...path].reverse().find((part) => typeof part === 'string') ?? '');
  const max = schema.maxLength ?? 255;
  const min = schema.minLength ?? 0;
  if (schema.format === 'date-time') return dateTime(random);
  if (schema.format === 'date') return dateTime(random).slice(0, 10);
  if (schema.format === 'email' || name === 'email' || name === 'username') {
    serial += 1;
    return `valid.${serial}.${between(random, 1, 999_999)}@battery.test`.slice(-max);
  }
  if (schema.pattern === INTEGER_TEXT.source) return String(context.idFor(path) ?? between(random, 1, 50));
  if (schema.pattern === PHONE_PATTERN.source || name === 'phone')
    // A Swiss mobile number, written as people write it: a number of a real country, so it is saved (E.164).
    return `+41 7${between(random, 5, 9)} ${between(random, 100, 999)} ${between(random, 10, 99)} ${between(random, 10, 99)}`;
  if (schema.pattern === LOCATION_PATTERN.source)
    return [...LANGUAGE_IDS]
      .sort(() => random() - 0.5)
      .slice(0, between(random, 1, 4))
      .join(',');
  if (schema.pattern !== undefined) {
    // Whatever the pattern, one of these kinds of text fits it; which ones do is asked of the pattern itself.
    const pattern = new RegExp(schema.pattern, 'u');
    const fitting = [
      String(between(random, 1, 50)),
      (between(random, 0, 100_000) / 100).toString(),
      (between(random, -100_000, 0) / 100).toString(),
      dateTime(random),
      dateTime(random).slice(0, 10),
      pickOne(random, ['CH', 'PL', 'GR', 'de']),
      `#${between(random, 0, 0xffffff).toString(16).padStart(6, '0')}`,
    ].filter((candidate) => pattern.test(candidate) && candidate.length <= max);
    if (fitting.length === 0) throw new Error(`no valid value known for ${path.join('.')}: /${schema.pattern}/`);
    return pickOne(random, fitting);
  }
  if (name === 'password') return `Battery-pass-${between(random, 1000, 9999)}`;
  if (name === 'uuid') return `${validText(random, 1, 20)}-${++serial}`.slice(0, max);
  return validText(random, Math.max(min, 1), max);
}

function validNumber(schema: JsonSchema, path: (string | number)[], context: ValueContext): number {
  if (isIdLike(schema, path)) {
    const id = context.idFor(path);
    if (id === undefined) throw new Error(`no object of the world for ${path.join('.')}`);
    return id;
  }
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 0.1 : (schema.minimum ?? -1000);
  const high = Math.min(schema.maximum ?? 1_000_000, low + 1_000_000);
  if (typesOf(schema).includes('integer')) {
    // A year may not lie ahead ("not after the current year" in the document's description).
    const last = /Year$/.test(String(path.at(-1))) ? Math.min(high, new Date().getFullYear()) : high;
    return between(context.random, Math.ceil(low), Math.floor(last));
  }
  // Tenths, or the schema's own step: a value on the grid of every step the API knows.
  const step = schema.multipleOf ?? 0.1;
  const edge = context.random();
  const value = edge < 0.15 ? low : edge < 0.3 ? high : low + context.random() * (high - low);
  const onGrid = Math.round(Math.round(value / step) * step * 1000) / 1000;
  return Math.min(high, Math.max(low, onGrid));
}

/**
 * A value the schema accepts, drawn with the seeded random: every required property, about half the optional
 * ones, enums and bounds respected, ids of the world's objects where an id goes. Throws where it cannot know a
 * valid value (an unknown pattern, an id with no object), so the route needs a hand-written case.
 */
export function validValueOf(
  doc: OpenApiDocument,
  schema: JsonSchema,
  context: ValueContext,
  path: (string | number)[] = [],
): unknown {
  const options = alternatives(doc, schema);
  const nullable =
    options.length < (schema.anyOf ?? schema.oneOf ?? [schema]).length || typesOf(schema).includes('null');
  if (options.length === 0) return null;
  if (nullable && context.random() < 0.1 && !isIdLike(options[0]!, path)) return null;
  const chosen = pickOne(context.random, options);
  if (chosen.const !== undefined) return chosen.const;
  if (chosen.enum) return pickOne(context.random, chosen.enum);
  const type = typesOf(chosen).filter((candidate) => candidate !== 'null')[0];
  switch (type) {
    case 'object':
      return validObject(doc, chosen, context, path);
    case 'array':
      return validArray(doc, chosen, context, path);
    case 'string':
      return validString(chosen, path, context);
    case 'integer':
    case 'number':
      return validNumber(chosen, path, context);
    case 'boolean':
      return context.random() < 0.5;
    default:
      // No type at all (z.unknown()): nothing is safer than leaving it empty.
      return {};
  }
}

function validObject(
  doc: OpenApiDocument,
  schema: JsonSchema,
  context: ValueContext,
  path: (string | number)[],
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const optional = !required.has(key);
    if (optional && (context.omit?.includes(key) || context.random() < 0.5)) continue;
    if (optional && isIdLike(child, [...path, key]) && context.idFor([...path, key]) === undefined) continue;
    value[key] = validValueOf(doc, child, context, [...path, key]);
  }
  const names = schema.propertyNames?.enum;
  if (names && typeof schema.additionalProperties === 'object') {
    for (const name of names) {
      if (context.random() < 0.5)
        value[String(name)] = validValueOf(doc, schema.additionalProperties, context, [...path, String(name)]);
    }
  }
  return value;
}

function validArray(
  doc: OpenApiDocument,
  schema: JsonSchema,
  context: ValueContext,
  path: (string | number)[],
): unknown[] {
  if (schema.prefixItems)
    return schema.prefixItems.map((item, index) => validValueOf(doc, item, context, [...path, index]));
  const item = alternatives(doc, schema.items ?? {})[0] ?? {};
  const min = schema.minItems ?? 0;
  const length = Math.min(schema.maxItems ?? 3, between(context.random, min, min + 2));
  // Enums in a list are a set (channels, base layers): no value twice.
  if (item.enum) {
    const shuffled = [...item.enum].sort(() => context.random() - 0.5);
    return shuffled.slice(0, Math.max(min, Math.min(length, shuffled.length)));
  }
  const values = Array.from({ length }, (_unused, index) =>
    validValueOf(doc, schema.items ?? {}, context, [...path, index]),
  );
  // The same id twice in a list says nothing more and may be refused as a duplicate.
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
