import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { multipart, PDF } from '../../../test/support/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const translations = { DES: 'Handbücher', FRS: 'Manuels', ESP: 'Manuales' };

// That folders are written by admins only is proven by authorization/matrix.test.ts.
describe('folders (general documents)', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('client', ['ROLE_USER'], []);
    await cast.add('free', ['ROLE_FREE_USER'], []);
  });
  afterAll(() => t.close());

  const create = (folder: object) => cast.call('admin', 'POST', '/folders', { folder });

  it('needs a name and a translation for every other language', async () => {
    const missing = await create({ name: 'Manuals', translations: { DES: 'Handbücher' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldKeys['folder.translations.FRS'].key).toBe('validation.folderTranslationRequired');
    expect((await create({ name: '', translations })).statusCode).toBe(400);
    const made = await create({ name: 'Manuals', translations });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().folder).toMatchObject({ name: 'Manuals', translations: { ENU: 'Manuals', ...translations } });
  });

  it('shows the tree in the reader’s language to free users, who read its documents', async () => {
    const parent = (
      await create({ name: 'Regulations', translations: { DES: 'Vorschriften', FRS: 'Règles', ESP: 'Normas' } })
    ).json().folder;
    const child = (
      await create({
        name: 'EN 12927',
        translations: { DES: 'EN 12927', FRS: 'EN 12927', ESP: 'EN 12927' },
        parentFolder: { id: parent.id },
      })
    ).json().folder;
    const body = multipart({ targetType: 'folder', targetId: String(child.id), location: 'ENU,DES' }, [
      { filename: 'Discard criteria.pdf', content: PDF },
    ]);
    const clientUpload = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...body.headers, cookie: cast.cookies.client! },
      payload: body.payload,
    });
    expect(clientUpload.statusCode).toBe(403);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...body.headers, cookie: cast.cookies.admin! },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const folders = await t.app.inject({
      method: 'GET',
      url: '/api/folders',
      headers: { cookie: cast.cookies.free!, 'accept-language': 'de-DE' },
    });
    const found = folders.json().folders.find((f: { id: number }) => f.id === parent.id);
    expect(found).toMatchObject({ displayName: 'Vorschriften', parentFolder: null });
    expect(folders.json().folders.find((f: { id: number }) => f.id === child.id)).toMatchObject({
      parentFolder: { id: parent.id },
      documentCount: 1,
    });
    const docs = await cast.call('free', 'GET', `/folders/${child.id}/documents`);
    expect(docs.json().documents).toHaveLength(1);
    expect(docs.json().documents[0]).toMatchObject({ canEdit: false, canDelete: false, folder: { id: child.id } });
    expect((await cast.call('free', 'GET', '/documents')).json().documents.length).toBeGreaterThanOrEqual(1);
    expect((await cast.call('free', 'GET', docs.json().documents[0].url.replace('/api', ''))).statusCode).toBe(200);
    expect(
      (await cast.call('free', 'PATCH', `/documents/${docs.json().documents[0].id}`, { document: { location: 'ENU' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await cast.call('admin', 'PATCH', `/documents/${docs.json().documents[0].id}`, {
          document: { location: 'ENU' },
        })
      ).statusCode,
    ).toBe(200);

    // A non-empty folder is refused, saying why; emptied, it goes.
    const refused = await cast.call('admin', 'DELETE', `/folders/${parent.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ key: 'app.errors.folderNotEmpty', documentCount: 0, folderCount: 1 });
    expect((await cast.call('admin', 'DELETE', `/folders/${child.id}`)).statusCode).toBe(422);
    expect((await cast.call('admin', 'DELETE', `/documents/${docs.json().documents[0].id}`)).statusCode).toBe(204);
    expect((await cast.call('admin', 'DELETE', `/folders/${child.id}`)).statusCode).toBe(204);
    expect((await cast.call('admin', 'DELETE', `/folders/${parent.id}`)).statusCode).toBe(204);
    expect((await cast.call('admin', 'DELETE', `/folders/${parent.id}`)).statusCode).toBe(404);
  });

  it('patches partially, takes back what GET answers, and refuses a loop', async () => {
    const a = (await create({ name: 'A', translations })).json().folder;
    const b = (await create({ name: 'B', translations, parentFolder: { id: a.id } })).json().folder;
    const renamed = await cast.call('admin', 'PATCH', `/folders/${a.id}`, {
      folder: { ...a, translations: { FRS: 'Un' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().folder.translations).toEqual({ ...translations, ENU: 'A', FRS: 'Un' });
    const loop = await cast.call('admin', 'PATCH', `/folders/${a.id}`, { folder: { parentFolder: { id: b.id } } });
    expect(loop.statusCode).toBe(422);
    expect(
      (await cast.call('admin', 'PATCH', `/folders/${a.id}`, { folder: { parentFolder: { id: 999999 } } })).statusCode,
    ).toBe(400);
    expect((await cast.call('admin', 'PATCH', '/folders/999999', { folder: { name: 'x' } })).statusCode).toBe(404);
  });
});
