import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { isDatabaseUnavailable, isForeignKeyViolation, isPostgresError, isUniqueViolation } from './errors.ts';
import { areas, mandators, users } from './schema/index.ts';
import { createTestDatabase } from './test-database.ts';

describe('postgres errors', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const failureOf = (work: Promise<unknown>) =>
    work.then(
      () => {
        throw new Error('expected the statement to fail');
      },
      (error: unknown) => error,
    );

  it('tells a unique and a foreign key violation through the driver wrappers, and nothing else', async () => {
    const user = { email: 'twice@errors.test', roles: ['ROLE_USER' as const] };
    await database.db.insert(users).values(user);
    const duplicate = await failureOf(database.db.insert(users).values({ ...user, email: 'TWICE@errors.test' }));
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isForeignKeyViolation(duplicate)).toBe(false);

    const orphan = await failureOf(database.db.insert(areas).values({ mandatorId: 999_999, name: 'Nowhere' }));
    expect(isForeignKeyViolation(orphan)).toBe(true);
    expect(isUniqueViolation(orphan)).toBe(false);

    const [mandator] = await database.db.insert(mandators).values({ name: 'Kept' }).returning();
    await database.db.insert(areas).values({ mandatorId: mandator!.id, name: 'Area' });
    expect(isForeignKeyViolation(await failureOf(database.db.delete(mandators)))).toBe(true);

    expect(isPostgresError(new Error('plain'), '23505')).toBe(false);
    const loop: { code?: string; cause?: unknown } = {};
    loop.cause = loop;
    expect(isPostgresError(loop, '23505')).toBe(false);
    expect(isPostgresError(null, '23505')).toBe(false);
  });

  it('tells a database that cannot be reached from a statement it refused', async () => {
    const away = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/nothing', maxConnections: 1 });
    const refused = await failureOf(away.db.execute(sql`select 1`));
    await away.close();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const user = { email: 'again@errors.test', roles: ['ROLE_USER' as const] };
    await database.db.insert(users).values(user);
    expect(isDatabaseUnavailable(await failureOf(database.db.insert(users).values(user)))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('shutting down'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('plain'))).toBe(false);
  });
});
