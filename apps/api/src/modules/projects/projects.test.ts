import { installations, projects, users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator } from '../../../test/support/factories.ts';
import { multipart, PDF } from '../../../test/support/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Who may call each route, and that a foreign installation number answers as an unknown one and changes nothing (reads
// and imports), is proven by authorization/matrix.test.ts, foreign-like-missing.test.ts and show-as-user.test.ts.
describe('projects of the external document system', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let importKey: string;
  let internalKey: string;
  const bearer = (key = importKey) => ({ authorization: `Bearer ${key}` });
  const putProject = (n: string, project: object, key?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/habel/installations/${n}`, headers: bearer(key), payload: { project } });
  const putDocument = (n: string, key: string, fields: Record<string, string>, content: Buffer, apiKey?: string) => {
    const body = multipart(fields, [{ filename: 'x.pdf', content }]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/habel/installations/${n}/documents/${key}`,
      headers: { ...body.headers, ...bearer(apiKey) },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const other = await seedMandator(t.ctx.db);
    const mine = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id, 'Gondola');
    const theirs = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other.id)).id);
    await t.ctx.db
      .update(installations)
      .set({ attributes: { installationNumberFatzer: 'F-100' } })
      .where(eq(installations.id, mine.id));
    await t.ctx.db
      .update(installations)
      .set({ attributes: { installationNumberFatzer: 'F-200' } })
      .where(eq(installations.id, theirs.id));
    importKey = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandator.id])).key;
    internalKey = (await seedApiKey(t.ctx.db, 'ROLE_API_INTERNAL', [])).key;
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('foreign', ['ROLE_USER'], [other.id]);
    await cast.add('pm', ['ROLE_PROJECT_MANAGER'], []);
  });
  afterAll(() => t.close());

  it('imports projects and documents idempotently on their external keys', async () => {
    const project = {
      description: 'Gondola Zermatt',
      country: 'ch',
      facilityType: 'gondola',
      projectManager: { name: 'Petra Muster', email: 'petra@example.com', phone: '+41 79 000 00 00' },
    };
    const first = await putProject('F-100', project);
    expect(first.statusCode, first.body).toBe(200);
    expect((await putProject('F-100', project)).json().project.id).toBe(first.json().project.id);
    expect((await putProject('F-200', { description: 'Chairlift' }, internalKey)).statusCode).toBe(200);
    const fields = {
      name: 'Prüfbericht 2026.pdf',
      location: 'DES',
      habelAttart: 'Bericht',
      habelReceipttype: 'Prüfbericht',
      habelErfdat: '2026-03-01',
    };
    const doc = await putDocument('F-100', 'HB-1', fields, PDF);
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.json().document.created).toBe(true);
    const again = await putDocument('F-100', 'HB-1', fields, PDF);
    expect(again.json().document).toEqual({ id: doc.json().document.id, externalKey: 'HB-1', created: false });
    expect((await putDocument('F-100', 'HB-3', { location: 'DES' }, PDF)).statusCode).toBe(400);
    const listed = (await cast.call('client', 'GET', '/habel/installations/F-100/documents')).json().documents;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      isHabel: true,
      habelAttart: 'Bericht',
      habelErfdat: '2026-03-01',
      installationNumber: 'F-100',
      canDelete: false,
    });
    expect((await cast.call('pm', 'DELETE', `/documents/${listed[0].id}`)).statusCode).toBe(422);
  });

  it('shows a user the projects of installations they see, and the same through show-as-user', async () => {
    const mine = (await cast.call('client', 'GET', '/habel/installations')).json().projects;
    expect(mine.map((p: { installationNumber: string }) => p.installationNumber)).toEqual(['F-100']);
    expect(mine[0]).toMatchObject({
      country: 'CH',
      projectManager: { name: 'Petra Muster', email: 'petra@example.com' },
      installations: [{ name: 'Gondola' }],
    });
    expect((await cast.call('foreign', 'GET', '/habel/documents')).json().documents).toEqual([]);
    expect((await cast.call('pm', 'GET', '/habel/installations')).json().projects).toHaveLength(2);
    const asClient = await cast.call('pm', 'GET', `/habel/installations?showAsUser=${cast.ids.client}`);
    expect(asClient.json().projects.map((p: { installationNumber: string }) => p.installationNumber)).toEqual([
      'F-100',
    ]);
    const newest = await cast.call('client', 'GET', '/habel/documents?limit=5');
    expect(newest.json().documents.map((d: { name: string }) => d.name)).toEqual(['Prüfbericht 2026.pdf']);
    expect((await cast.call('client', 'GET', '/habel/documents?limit=0')).statusCode).toBe(400);
  });

  it('lets an internal key write the projects of every mandator and replace their documents', async () => {
    const foreignProject = {
      description: 'Chairlift Ischgl',
      country: 'at',
      facilityNumber: 'FN-7',
      projectManager: { name: 'Hans Fremd', email: 'hans@example.com', phone: '+43 1' },
    };
    expect((await putProject('F-200', foreignProject, internalKey)).statusCode).toBe(200);
    const fields = { name: 'Fremd.pdf', location: 'DES' };
    const planted = await putDocument('F-200', 'HB-F', fields, PDF, internalKey);
    expect(planted.statusCode, planted.body).toBe(200);
    const replaced = await putDocument('F-200', 'HB-F', { name: 'Neu.pdf' }, PDF, internalKey);
    expect(replaced.json().document).toEqual({ id: planted.json().document.id, externalKey: 'HB-F', created: false });
  });

  it('creates a project for a number of its own installations that has none yet', async () => {
    const [installation] = await t.ctx.db
      .select({ id: installations.id })
      .from(installations)
      .where(eq(installations.name, 'Gondola'));
    await t.ctx.db
      .update(installations)
      .set({ attributes: { installationNumberFatzer: 'F-101' } })
      .where(eq(installations.id, installation!.id));
    const created = await putProject('F-101', { description: 'New' });
    expect(created.statusCode, created.body).toBe(200);
    await t.ctx.db
      .update(installations)
      .set({ attributes: { installationNumberFatzer: 'F-100' } })
      .where(eq(installations.id, installation!.id));
  });

  it('links a project manager only to internal staff, never to a person of a mandator', async () => {
    const [stranger] = await t.ctx.db.select().from(users).where(eq(users.id, cast.ids.foreign!));
    const [pm] = await t.ctx.db.select().from(users).where(eq(users.id, cast.ids.pm!));
    await t.ctx.db.update(users).set({ phone: '+41 99 999 99 99' }).where(eq(users.id, stranger!.id));
    expect(
      (await putProject('F-100', { description: 'x', projectManager: { email: stranger!.email } })).statusCode,
    ).toBe(200);
    const shown = (await cast.call('client', 'GET', '/habel/installations/F-100')).json().project.projectManager;
    expect(shown).toEqual({ name: null, email: stranger!.email, phone: null, pictureId: null });
    await putProject('F-100', { description: 'x', projectManager: { email: pm!.email.toUpperCase() } });
    const [linked] = await t.ctx.db.select().from(projects).where(eq(projects.installationNumber, 'F-100'));
    expect(linked!.projectManagerUserId).toBe(pm!.id);
  });

  it('lists the import calls in the API documentation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/doc/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/habel/installations/{installationNumber}',
        '/api/habel/installations/{installationNumber}/documents/{externalKey}',
      ]),
    );
  });
});
