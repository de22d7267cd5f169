import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from './client.ts';
import { createTestDatabase } from './test-database.ts';

const engines: ('pglite' | 'postgres')[] = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];

describe.each(engines)('search text on %s', (kind) => {
  let database: Database;
  afterAll(() => database?.close());

  it('folds accents and case, and measures one typo with trigrams', async () => {
    database = await createTestDatabase({ embedded: kind === 'pglite' });
    const [row] = await queryRows<{ folded: string; typo: number; prefix: boolean }>(
      database.db,
      sql`select rope_search_text('Flégère ÉTÉ') as folded,
        word_similarity('flegre', rope_search_text('Téléphérique Flégère')) as typo,
        to_tsvector('simple', rope_search_text('Téléphérique Flégère')) @@ to_tsquery('simple', 'fleg:*') as prefix`,
    );
    expect(row!.folded).toBe('flegere ete');
    expect(row!.typo).toBeGreaterThan(0.5);
    expect(row!.prefix).toBe(true);
  });
});
