import { describe, expect, it } from 'vitest';
import { isSortable, listSortSchema, MANDATOR_SORT_FIELDS } from './list-sort';

describe('list sort allow-list', () => {
  const schema = listSortSchema(MANDATOR_SORT_FIELDS);

  it('reads a field of the allow-list, a leading minus sorting it descending', () => {
    expect(schema.parse('name')).toEqual({ field: 'name', desc: false });
    expect(schema.parse('-passwordExpiry')).toEqual({ field: 'passwordExpiry', desc: true });
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse('')).toBeUndefined();
  });

  it('refuses any other field, naming it and the fields allowed', () => {
    const refused = schema.safeParse('-createdAt');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Cannot sort by "createdAt": sort by name or passwordExpiry');
    expect(schema.safeParse('settings').success).toBe(false);
    expect(isSortable(MANDATOR_SORT_FIELDS, 'actions')).toBe(false);
    expect(isSortable(MANDATOR_SORT_FIELDS, 'name')).toBe(true);
  });
});
