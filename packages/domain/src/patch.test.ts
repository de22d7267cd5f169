import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { changedKeys, mergePatch, type WithRemovedAttributes, withRemovedAttributes } from './patch.ts';
import { patchAttributesSchema, patchFieldsSchema } from './patch-schemas.ts';

describe('PATCH merging', () => {
  const stored = { name: 'Rope 1', latlng: [1, 2], attributes: { a: 1, b: 'x' } };

  it('replaces the fields sent, merges attributes key by key and removes a key sent as null', () => {
    expect(mergePatch(stored, { name: 'Rope 2', attributes: { b: null, c: true } })).toEqual({
      name: 'Rope 2',
      latlng: [1, 2],
      attributes: { a: 1, c: true },
    });
    expect(mergePatch(stored, { latlng: null })).toEqual({ ...stored, latlng: null });
    expect(mergePatch(stored, {})).toEqual(stored);
  });

  it('names only the keys that really change, whatever the key order', () => {
    expect(changedKeys(stored, { ...stored, attributes: { b: 'x', a: 1 } })).toEqual([]);
    expect(changedKeys(stored, { ...stored, attributes: { a: 2, b: 'x' } })).toEqual(['attributes']);
    expect(changedKeys({ adminUserId: null }, { adminUserId: undefined })).toEqual([]);
  });

  it('builds PATCH schemas without defaults, so an absent field never resets a stored one', () => {
    const entity = z.object({ status: z.enum(['new', 'done']).default('new'), list: z.array(z.number()).default([]) });
    expect(patchFieldsSchema(entity).parse({})).toEqual({});
    expect(patchAttributesSchema(entity).parse({ status: null })).toEqual({ status: null });
  });

  it('sends what a whole-attributes form left out as null', () => {
    expect(withRemovedAttributes({ a: 1, b: 2 }, { name: 'n', attributes: { a: 3 } })).toEqual({
      name: 'n',
      attributes: { a: 3, b: null },
    });
    const noAttributes: { name: string; attributes?: object } = { name: 'n' };
    expect(withRemovedAttributes({ a: 1 }, noAttributes)).toEqual({ name: 'n' });
  });
});

describe('the type of a body with removed attributes', () => {
  it('lets only optional attributes be null: a required one is in every body', () => {
    type Body = WithRemovedAttributes<{ name: string; attributes: { timestamp: string; comment?: string } }>;
    expectTypeOf<NonNullable<Body['attributes']>['timestamp']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Body['attributes']>['comment']>().toEqualTypeOf<string | null | undefined>();
  });
});
