import { documents, notifications } from '@rope/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedEvent, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { multipart, PDF } from '../../../test/support/multipart.ts';
import { configure } from '../../../test/support/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { makePng } from '../../demo/files.ts';

const PNG = Buffer.from(makePng(10, 4, 4));

// Who may list, upload, read, change and delete documents, and that another mandator's or a missing one answers 404,
// is proven by authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('documents', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let own: { area: number; installation: number; rope: number; event: number };
  let foreign: { area: number; installation: number };

  const upload = (
    who: string,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1],
    lang?: string,
  ) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...body.headers, cookie: cast.cookies[who] ?? '', ...(lang ? { 'accept-language': lang } : {}) },
      payload: body.payload,
    });
  };
  const get = (who: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie: cast.cookies[who] ?? '', ...headers } });

  beforeAll(async () => {
    t = await createTestApp({ DOCUMENT_MAX_MB: '1' }, { processJobs: true });
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const other = await seedMandator(t.ctx.db);
    const area = await seedArea(t.ctx.db, mandator.id, 'Chamonix');
    const installation = await seedInstallation(t.ctx.db, area.id, 'Flégère');
    const rope = await seedRope(t.ctx.db, installation.id, 'Haul rope');
    const event = await seedEvent(t.ctx.db, rope.id);
    own = { area: area.id, installation: installation.id, rope: rope.id, event: event.id };
    const farArea = await seedArea(t.ctx.db, other.id);
    foreign = { area: farArea.id, installation: (await seedInstallation(t.ctx.db, farArea.id)).id };
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('editor', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
  });
  afterAll(() => t.close());

  it('uploads several files at once, typed by content, and lists them new first with their languages', async () => {
    const answer = await upload(
      'client',
      { targetType: 'installation', targetId: String(own.installation), location: 'DES,ENU' },
      [
        { filename: 'report.pdf', content: PDF },
        { filename: 'photo.dat', content: PNG },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const uploaded = answer.json().documents;
    expect(uploaded.map((d: { mimeType: string }) => d.mimeType)).toEqual(['application/pdf', 'image/png']);
    expect(uploaded[0]).toMatchObject({ location: 'ENU,DES', languages: ['ENU', 'DES'], isNew: true, canDelete: true });
    const [old] = await t.ctx.db
      .insert(documents)
      .values({
        name: 'Old permit.pdf',
        mimeType: 'application/pdf',
        storageKey: 'documents/none',
        size: 1,
        location: 'FRS',
        targetType: 'installation',
        targetId: own.installation,
        createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000),
      })
      .returning();
    await t.ctx.db.insert(documents).values({
      name: 'Older but French.pdf',
      mimeType: 'application/pdf',
      storageKey: 'documents/none',
      size: 1,
      location: 'ENU',
      targetType: 'installation',
      targetId: own.installation,
      createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000),
    });
    const list = await get('client', `/installations/${own.installation}/documents`, {
      'accept-language': 'fr-CH, en;q=0.5',
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.language).toBe('FRS');
    // New ones first; then the French one before an English one; 7 days and older are not new.
    expect(body.documents.map((d: { name: string; isNew: boolean }) => [d.name, d.isNew])).toEqual([
      ['photo.dat', true],
      ['report.pdf', true],
      ['Old permit.pdf', false],
      ['Older but French.pdf', false],
    ]);
    expect(body.documents.find((d: { id: number }) => d.id === old!.id).inLanguage).toBe(true);
    // Without Accept-Language: the user's own language (DES, the test world's).
    expect((await get('client', `/installations/${own.installation}/documents`)).json().language).toBe('DES');
  });

  it('fires the installation’s newDocument rule for an upload to the installation or one of its ropes', async () => {
    await configure(
      t,
      own.installation,
      { channels: ['email'], users: [cast.ids.editor!], rules: [{ type: 'newDocument', reset: true }] },
      cast.cookies.editor!,
    );
    const answer = await upload('client', { targetType: 'rope', targetId: String(own.rope) }, [
      { filename: 'Splice protocol.pdf', content: PDF },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    await t.ctx.queue.idle();
    const rows = await t.ctx.db
      .select({ text: notifications.text, type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.installationId, own.installation), eq(notifications.type, 'newDocument')));
    expect(rows.map((row) => row.text)).toContain("New document 'Splice protocol.pdf' on rope 'Haul rope' of Flégère");
  });

  it('refuses hostile uploads and keeps nothing of them', async () => {
    const before = await t.ctx.db.select({ id: documents.id }).from(documents);
    const target = { targetType: 'area', targetId: String(own.area) };
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00'),
      Buffer.alloc(400),
      Buffer.from('PE\0\0'),
    ]);
    const wrong = await upload('client', target, [
      { filename: 'fine.pdf', content: PDF },
      { filename: 'invoice.pdf', content: exe, type: 'application/pdf' },
    ]);
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().key).toBe('app.errors.documentWrongType');
    const html = await upload('client', target, [
      { filename: 'r.pdf', content: '<!DOCTYPE html><script>alert(1)</script>' },
    ]);
    expect(html.statusCode).toBe(415);
    const big = await upload('client', target, [
      { filename: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10)]) },
    ]);
    expect(big.statusCode).toBe(413);
    const many = await upload(
      'client',
      target,
      Array.from({ length: 21 }, (_, i) => ({ filename: `p${i}.pdf`, content: PDF })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().key).toBe('app.errors.documentTooMany');
    const none = await upload('client', target, []);
    expect(none.statusCode).toBe(400);
    const filesFirst = multipart({}, [{ filename: 'a.pdf', content: PDF }]);
    const noTarget = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...filesFirst.headers, cookie: cast.cookies.client! },
      payload: filesFirst.payload,
    });
    expect(noTarget.statusCode).toBe(400);
    expect((await t.ctx.db.select({ id: documents.id }).from(documents)).length).toBe(before.length);
    // A path in the name is never a path: the document is named by the last part, stored under a generated key.
    const traversal = await upload('client', target, [
      { filename: '../../etc/passwd\u0000.pdf', content: PDF },
      { filename: '..\\..\\windows\\win.ini', content: 'plain text' },
    ]);
    expect(traversal.statusCode, traversal.body).toBe(200);
    expect(traversal.json().documents.map((d: { name: string; mimeType: string }) => [d.name, d.mimeType])).toEqual([
      ['passwd.pdf', 'application/pdf'],
      ['win.ini', 'text/plain'],
    ]);
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, traversal.json().documents[0].id));
    expect(row!.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
  });

  it('answers an upload to another mandator’s installation with 404 (the matrix uploads to an area)', async () => {
    const foreignUpload = await upload(
      'client',
      { targetType: 'installation', targetId: String(foreign.installation) },
      [{ filename: 'x.pdf', content: PDF }],
    );
    expect(foreignUpload.statusCode).toBe(404);
  });

  it('downloads with ?language= and Range, changes languages and name by PATCH, and deletes', async () => {
    const doc = (
      await upload('client', { targetType: 'area', targetId: String(own.area), location: 'ENU' }, [
        { filename: 'Evacuation plan.pdf', content: PDF },
      ])
    ).json().documents[0];
    const whole = await get('client', `/documents/${doc.id}?language=ENU`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toContain('inline; filename="Evacuation plan.pdf"');
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    const part = await get('client', `/documents/${doc.id}`, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
    expect(part.body).toBe('%PDF');
    expect((await get('client', `/documents/${doc.id}`, { range: `bytes=${PDF.length + 5}-` })).statusCode).toBe(416);
    const german = await get('client', `/documents/${doc.id}?language=DES`);
    expect(german.statusCode).toBe(404);
    expect(german.json().key).toBe('app.errors.documentLanguageMissing');
    // What a read returns, a write accepts: the listed document sent back with other languages.
    const patched = await cast.call('client', 'PATCH', `/documents/${doc.id}`, {
      document: { ...doc, location: 'FRS,DES', name: 'Plan d’évacuation.pdf' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().document).toMatchObject({ location: 'DES,FRS', name: 'Plan d’évacuation.pdf' });
    expect((await get('client', `/documents/${doc.id}?language=DES`)).statusCode).toBe(200);
    const none = await cast.call('client', 'PATCH', `/documents/${doc.id}`, { document: { location: '' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldKeys?.['document.location']?.key ?? none.json().fields).toBeTruthy();
    expect(
      (await cast.call('client', 'PATCH', `/documents/${doc.id}`, { document: { location: 'XXX' } })).statusCode,
    ).toBe(400);
    expect((await cast.call('client', 'DELETE', `/documents/${doc.id}`)).statusCode).toBe(204);
    expect((await get('client', `/documents/${doc.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a document of the external system', async () => {
    const [habel] = await t.ctx.db
      .insert(documents)
      .values({
        name: 'Prüfbericht.pdf',
        mimeType: 'application/pdf',
        storageKey: 'documents/none',
        size: 1,
        targetType: 'area',
        targetId: own.area,
        isHabel: true,
      })
      .returning();
    const refused = await cast.call('admin', 'DELETE', `/documents/${habel!.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().key).toBe('app.errors.documentExternalDelete');
    const listed = (await get('client', `/areas/${own.area}/documents`)).json().documents;
    expect(listed.find((d: { id: number }) => d.id === habel!.id)).toMatchObject({ isHabel: true, canDelete: false });
  });
});
