import * as orm from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import * as postgresJs from 'drizzle-orm/postgres-js';
import { describe, expect, it } from 'vitest';
import builtByDrizzle from './drizzle-build-corpus.json' with { type: 'json' };
import { buildCorpus } from './drizzle-build-corpus.ts';

/**
 * patches/drizzle-orm@0.45.4.patch builds queries faster (one result appended to instead of an object per chunk,
 * classes known by instanceof, column names and the query's table asked once): every query of the corpus must come
 * out as drizzle-orm 0.45.4 built it before the patch (drizzle-build-corpus.json, made by that version).
 */
describe('queries built by the patched drizzle-orm', () => {
  const built = buildCorpus({ orm, pg, postgresJs });

  it.each(Object.keys(builtByDrizzle))('%s: the same text, parameters and typings', (name) => {
    expect(built[name]).toEqual(builtByDrizzle[name as keyof typeof builtByDrizzle]);
  });

  it('builds every query of the corpus', () => {
    expect(Object.keys(built).sort()).toEqual(Object.keys(builtByDrizzle).sort());
  });
});
