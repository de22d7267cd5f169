/** How an attribute is edited; 'remote' is a select whose options come from the API (country, timezone). */
export type FieldKind = 'text' | 'textarea' | 'number' | 'integer' | 'select' | 'remote' | 'switch' | 'date';

export interface FieldSpec {
  key: string;
  kind: FieldKind;
  options?: readonly string[];
  min?: number;
  max?: number;
  /** A unit shown after the label, e.g. "mm". */
  unit?: string;
}

/** The form's values: '' for an empty input, numbers as numbers, switches as booleans. */
export type AttributeValues = Record<string, string | number | boolean>;

function isoDay(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d\d-\d\d/.test(value) ? value.slice(0, 10) : '';
}

export function valuesFromAttributes(
  attributes: Record<string, unknown>,
  fields: readonly FieldSpec[],
): AttributeValues {
  const values: AttributeValues = {};
  for (const field of fields) {
    const value = attributes[field.key];
    if (field.kind === 'switch') values[field.key] = value === true;
    else if (field.kind === 'date') values[field.key] = isoDay(value);
    else if (field.kind === 'number' || field.kind === 'integer')
      values[field.key] = typeof value === 'number' ? value : '';
    else values[field.key] = typeof value === 'string' ? value : '';
  }
  return values;
}

function toNumber(value: string | number | boolean): number | string {
  if (typeof value === 'number') return value;
  const number = Number(value);
  // A text the schema refuses stays text, so the field shows what is wrong.
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(number) ? number : String(value);
}

/** The attributes the form describes; empty inputs are left out (the attribute is removed). */
export function attributesFromValues(values: AttributeValues, fields: readonly FieldSpec[]): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined || value === '') continue;
    if (field.kind === 'switch') attributes[field.key] = value === true;
    else if (field.kind === 'number' || field.kind === 'integer') attributes[field.key] = toNumber(value);
    else if (field.kind === 'date') attributes[field.key] = `${value}T00:00:00.000Z`;
    else attributes[field.key] = value;
  }
  return attributes;
}

/** The form field of a path in `{name, attributes}`: "attributes.x" (and anything inside it) is the field "x". */
export function attributeField(path: string): string {
  const [head, key] = path.split('.');
  return head === 'attributes' && key ? key : (head ?? path);
}

/** Keeps the listed keys of `current` over what a loaded file brings (fields the user may not change). */
export function keepKeys(
  loaded: Record<string, unknown>,
  current: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const merged = { ...loaded };
  for (const key of keys) {
    if (current[key] === undefined) delete merged[key];
    else merged[key] = current[key];
  }
  return merged;
}
