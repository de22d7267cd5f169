import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from './client.ts';
import { containsPattern, prefixPattern } from './like.ts';
import { createTestDatabase } from './test-database.ts';

const database = await createTestDatabase();
afterAll(() => database.close());

async function matches(value: string, search: string, pattern = containsPattern): Promise<boolean> {
  const [row] = await queryRows<{ hit: boolean }>(
    database.db,
    sql`select ${value}::text ilike ${pattern(search)} as hit`,
  );
  return row!.hit;
}

describe('containsPattern', () => {
  it('matches the words anywhere, ignoring case', async () => {
    expect(await matches('Haul rope North', 'rope n')).toBe(true);
  });

  it('treats %, _ and backslash as the characters typed', async () => {
    expect(await matches('100% done', '0% d')).toBe(true);
    expect(await matches('1000 done', '0% d')).toBe(false);
    expect(await matches('a_b', 'a_b')).toBe(true);
    expect(await matches('axb', 'a_b')).toBe(false);
    expect(await matches('C:\\ropes', ':\\r')).toBe(true);
    expect(await matches('C:ropes', ':\\r')).toBe(false);
  });
});

describe('prefixPattern', () => {
  it('matches text starting with the words, wildcards as typed', async () => {
    expect(await matches('Haul rope', 'haul', prefixPattern)).toBe(true);
    expect(await matches('The haul rope', 'haul', prefixPattern)).toBe(false);
    expect(await matches('50% wear', '50%', prefixPattern)).toBe(true);
    expect(await matches('500 m', '50%', prefixPattern)).toBe(false);
  });
});
