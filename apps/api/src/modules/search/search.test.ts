import { documents, installations, projects } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// That show-as-user needs the impersonate right is proven by authorization/show-as-user.test.ts.
describe('global search', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let flegere: number;

  const find = async (who: string, filter: string, extra = '') => {
    const answer = await cast.call(who, 'GET', `/search?filter=${encodeURIComponent(filter)}${extra}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().results as {
      type: string;
      name: string;
      match: string;
      url: string;
      context: string;
      section: string;
    }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const other = await seedMandator(t.ctx.db);
    const area = await seedArea(t.ctx.db, mandator.id, 'Chamonix');
    const installation = await seedInstallation(t.ctx.db, area.id, 'Téléphérique Flégère');
    flegere = installation.id;
    await t.ctx.db
      .update(installations)
      .set({ attributes: { installationNumberFatzer: 'F-77' } })
      .where(eq(installations.id, installation.id));
    await seedRope(t.ctx.db, installation.id, 'Flegere haul rope');
    await seedInstallation(t.ctx.db, area.id, 'Flegerebahn Süd');
    const secret = await seedArea(t.ctx.db, other.id, 'Flégère secret area');
    await seedInstallation(t.ctx.db, secret.id, 'Flégère secret lift');
    const doc = (targetType: string, targetId: number, name: string) => ({
      name,
      mimeType: 'application/pdf',
      storageKey: 'documents/x',
      size: 1,
      targetType,
      targetId,
    });
    await t.ctx.db
      .insert(documents)
      .values([
        doc('installation', installation.id, 'Flégère operating permit.pdf'),
        doc('area', secret.id, 'Flégère secret report.pdf'),
      ]);
    const [project] = await t.ctx.db
      .insert(projects)
      .values({ installationNumber: 'F-77', description: 'Flégère cable car' })
      .returning();
    await t.ctx.db.insert(projects).values({ installationNumber: 'F-88', description: 'Flégère other project' });
    await t.ctx.db.insert(documents).values(doc('project', project!.id, 'Flégère project offer.pdf'));
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('pm', ['ROLE_PROJECT_MANAGER'], []);
    await cast.add('free', ['ROLE_FREE_USER'], []);
  });
  afterAll(() => t.close());

  it('finds without accents and case, by prefix and with one typo, exact and prefix before fuzzy', async () => {
    const results = await find('client', 'flegere');
    const names = results.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Téléphérique Flégère',
        'Flegere haul rope',
        'Flegerebahn Süd',
        'Flégère operating permit.pdf',
        'F-77 Flégère cable car',
        'Flégère project offer.pdf',
      ]),
    );
    expect((await find('client', 'FLÉG')).map((r) => r.name)).toContain('Téléphérique Flégère');
    const typo = await find('client', 'flegrre');
    expect(typo.map((r) => r.name)).toContain('Téléphérique Flégère');
    expect(typo.every((r) => r.match === 'fuzzy')).toBe(true);
    const ranked = await find('client', 'chamonix');
    expect(ranked[0]).toMatchObject({
      type: 'area',
      name: 'Chamonix',
      match: 'exact',
      url: expect.stringMatching(/^\/areas\/\d+$/),
    });
    // 'Flegere haul rope' starts with the filter, has it as a word and is near it as a typo: listed once, as prefix.
    expect(results.filter((r) => r.name === 'Flegere haul rope').map((r) => r.match)).toEqual(['prefix']);
    expect(new Set(results.map((r) => r.url)).size).toBe(results.length);
    const order = results.map((r) => ['exact', 'prefix', 'word', 'fuzzy'].indexOf(r.match));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const rope = results.find((r) => r.type === 'rope')!;
    expect(rope).toMatchObject({ section: 'areas', context: 'Chamonix › Téléphérique Flégère' });
    expect(results.find((r) => r.type === 'project')!.url).toMatch(/^\/documents\/\d+$/);
    expect(results.find((r) => r.name === 'Flégère operating permit.pdf')!.url).toMatch(
      new RegExp(`^/areas/\\d+/installations/${flegere}\\?document=\\d+$`),
    );
  });

  it('never returns what the person may not see, also through show-as-user', async () => {
    const leaks = (results: { name: string }[]) =>
      results.map((r) => r.name).filter((name) => /secret|other project/.test(name));
    expect(leaks(await find('client', 'flegere secret'))).toEqual([]);
    expect(leaks(await find('client', 'flegere'))).toEqual([]);
    expect(leaks(await find('pm', 'flegere secret')).length).toBeGreaterThan(0);
    expect(leaks(await find('pm', 'flegere secret', `&showAsUser=${cast.ids.client}`))).toEqual([]);
    // A free user without mandator sees neither the hierarchy nor its documents, only what is general.
    expect(await find('free', 'flegere')).toEqual([]);
  });

  it('answers nothing for an empty filter and treats wildcards as text', async () => {
    expect(await find('client', '')).toEqual([]);
    expect(await find('client', '%')).toEqual([]);
    expect(await find('client', '_')).toEqual([]);
    expect((await cast.call('client', 'GET', `/search?filter=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });
});
