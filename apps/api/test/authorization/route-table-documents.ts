import { documents, folders, installations, projects } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { seedArea, seedInstallation } from '../support/factories.ts';
import { png } from '../support/images.ts';
import { multipart, PDF } from '../support/multipart.ts';
import { only, type RouteRow, scoped, signedIn } from './route-table.ts';
import type { ActorName, Scope, World } from './world.ts';

const url = (url: string, payload?: object) => ({ url, payload });
let serial = 0;

/** Readers of documents (DOCUMENT): all but import keys; those bound to mandators see their own only. */
const read = (status = 200) => ({
  ...signedIn(status, { apiImport: 403 }),
  clientAdmin: scoped(status, 404),
  client: scoped(status, 404),
  freeUser: scoped(status, 404),
  apiExternal: scoped(status, 404),
});
/** Writers (DOMAIN_WRITE) of a document found first: a reader without the right learns 403 only about their own. */
const write = (status: number) => ({
  ...read(status),
  freeUser: scoped(403, 404),
  apiExternal: scoped(403, 404),
});

async function areaIn(w: World, scope: Scope) {
  return seedArea(w.t.ctx.db, w.mandatorOf(scope));
}

/** A document on an area of the scope's mandator, uploaded by the scope's person (the admin's when none is named). */
const DOCUMENT_FILES = {
  pdf: { bytes: PDF, extension: 'pdf', type: 'application/pdf' },
  png: { bytes: png(8, 6), extension: 'png', type: 'image/png' },
};

export async function documentIn(
  w: World,
  scope: Scope,
  actor: ActorName = 'admin',
  kind: keyof typeof DOCUMENT_FILES = 'pdf',
) {
  const area = await areaIn(w, scope);
  const file = DOCUMENT_FILES[kind];
  const stored = await w.t.ctx.storage.put(file.bytes, {
    prefix: 'documents',
    extension: file.extension,
    type: file.type,
  });
  const [row] = await w.t.ctx.db
    .insert(documents)
    .values({
      name: `Matrix.${file.extension}`,
      mimeType: file.type,
      storageKey: stored.key,
      size: stored.size,
      targetType: 'area',
      targetId: area.id,
      createdByUserId: w.personOf(scope, actor),
    })
    .returning();
  return row!;
}

export async function folder(w: World) {
  const [row] = await w.t.ctx.db
    .insert(folders)
    .values({ name: `Folder ${++serial}`, translations: {} })
    .returning();
  return row!;
}

/**
 * An installation number of the scope's mandator (an installation there carries it), with no project yet: the
 * number a mandator-bound import may create a project for.
 */
export async function numberIn(w: World, scope: Scope, number = `M-${process.pid}-${++serial}`) {
  const installation = await seedInstallation(w.t.ctx.db, (await areaIn(w, scope)).id);
  await w.t.ctx.db
    .update(installations)
    .set({ attributes: { installationNumberFatzer: number } })
    .where(eq(installations.id, installation.id));
  return number;
}

/** A project whose number an installation of the scope's mandator carries. */
export async function projectIn(w: World, scope: Scope) {
  const number = await numberIn(w, scope);
  await w.t.ctx.db.insert(projects).values({ installationNumber: number, description: 'Matrix project' });
  return number;
}

/**
 * A document imported into a project of the scope's mandator under an external key, by the scope's person: its
 * project's number and its key, the two natural keys of the document import.
 */
export async function importedDocumentIn(w: World, scope: Scope, actor: ActorName = 'admin') {
  const number = await projectIn(w, scope);
  const [project] = await w.t.ctx.db.select().from(projects).where(eq(projects.installationNumber, number));
  const stored = await w.t.ctx.storage.put(PDF, { prefix: 'documents', extension: 'pdf', type: 'application/pdf' });
  const externalKey = `K-${process.pid}-${++serial}`;
  await w.t.ctx.db.insert(documents).values({
    name: 'Imported.pdf',
    mimeType: 'application/pdf',
    storageKey: stored.key,
    size: stored.size,
    targetType: 'project',
    targetId: project!.id,
    isHabel: true,
    installationNumber: number,
    externalKey,
    createdByUserId: w.personOf(scope, actor),
  });
  return { number, externalKey };
}

/** The import right: admins and internal keys everywhere, an import key in its own mandators (404 elsewhere). */
const importer = only({ admin: 200, apiInternal: 200, apiImport: scoped(200, 404) });

const translations = { DES: 'Ordner', FRS: 'Dossier', ESP: 'Carpeta' };
const people = { admin: 200, projectManager: 200, clientAdmin: 200, client: 200, freeUser: 200 } as const;

const listRows: RouteRow[] = (['areas', 'installations', 'ropes', 'events'] as const).map((kind) => ({
  route: `GET /api/${kind}/:id/documents`,
  scoped: true,
  build: async (w, scope) => {
    const area = await areaIn(w, scope);
    if (kind === 'areas') return url(`/api/areas/${area.id}/documents`);
    const { seedRope, seedEvent } = await import('../support/factories.ts');
    const installation = await seedInstallation(w.t.ctx.db, area.id);
    if (kind === 'installations') return url(`/api/installations/${installation.id}/documents`);
    const rope = await seedRope(w.t.ctx.db, installation.id);
    if (kind === 'ropes') {
      // With a document on it: the rope's list checks the viewer in the statement that finds the documents.
      const file = await w.t.ctx.storage.put(PDF, { prefix: 'documents', extension: 'pdf', type: 'application/pdf' });
      await w.t.ctx.db.insert(documents).values({
        name: 'Matrix.pdf',
        mimeType: 'application/pdf',
        storageKey: file.key,
        size: file.size,
        targetType: 'rope',
        targetId: rope.id,
      });
      return url(`/api/ropes/${rope.id}/documents`);
    }
    return url(`/api/events/${(await seedEvent(w.t.ctx.db, rope.id)).id}/documents`);
  },
  expect: read(),
}));

/** Documents, general documents (folders), projects and the search: who reads, who writes, own and foreign. */
export const DOCUMENT_ROWS: RouteRow[] = [
  ...listRows,
  {
    route: 'GET /api/folders/:id/documents',
    build: async (w) => url(`/api/folders/${(await folder(w)).id}/documents`),
    expect: signedIn(200, { apiImport: 403 }),
  },
  { route: 'GET /api/documents', build: () => url('/api/documents'), expect: signedIn(200, { apiImport: 403 }) },
  {
    route: 'POST /api/documents',
    scoped: true,
    build: async (w, scope) => {
      const body = multipart({ targetType: 'area', targetId: String((await areaIn(w, scope)).id) }, [
        { filename: 'm.pdf', content: PDF },
      ]);
      return { url: '/api/documents', payload: body.payload, headers: body.headers };
    },
    expect: { ...write(200), freeUser: 403, apiExternal: 403 },
    note: 'the write right is checked before the target is looked up',
  },
  {
    route: 'GET /api/documents/:id',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/documents/${(await documentIn(w, scope, actor)).id}`),
    expect: read(),
  },
  {
    route: 'GET /api/documents/:id/thumbnail',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/documents/${(await documentIn(w, scope, actor, 'png')).id}/thumbnail`),
    expect: read(),
  },
  {
    route: 'PATCH /api/documents/:id',
    scoped: true,
    build: async (w, scope, actor) =>
      url(`/api/documents/${(await documentIn(w, scope, actor)).id}`, { document: { location: 'ENU,DES' } }),
    expect: write(200),
  },
  {
    route: 'DELETE /api/documents/:id',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/documents/${(await documentIn(w, scope, actor)).id}`),
    expect: write(204),
  },
  { route: 'GET /api/folders', build: () => url('/api/folders'), expect: signedIn(200, { apiImport: 403 }) },
  {
    route: 'POST /api/folders',
    build: () => url('/api/folders', { folder: { name: 'New', translations } }),
    expect: only({ admin: 200 }),
  },
  {
    route: 'PATCH /api/folders/:id',
    build: async (w) => url(`/api/folders/${(await folder(w)).id}`, { folder: { name: 'Renamed', translations } }),
    expect: only({ admin: 200 }),
  },
  {
    route: 'DELETE /api/folders/:id',
    build: async (w) => url(`/api/folders/${(await folder(w)).id}`),
    expect: only({ admin: 204 }),
  },
  {
    route: 'GET /api/habel/installations',
    build: () => url('/api/habel/installations'),
    expect: signedIn(200, { apiImport: 403 }),
  },
  {
    route: 'GET /api/habel/installations/:installationNumber',
    scoped: true,
    naturalKeys: ['installationNumber'],
    build: async (w, scope) => url(`/api/habel/installations/${await projectIn(w, scope)}`),
    expect: read(),
  },
  {
    route: 'GET /api/habel/installations/:installationNumber/documents',
    scoped: true,
    naturalKeys: ['installationNumber'],
    build: async (w, scope) => url(`/api/habel/installations/${await projectIn(w, scope)}/documents`),
    expect: read(),
  },
  {
    route: 'GET /api/habel/documents',
    build: () => url('/api/habel/documents?limit=5'),
    expect: signedIn(200, { apiImport: 403 }),
  },
  {
    route: 'PUT /api/habel/installations/:installationNumber',
    scoped: true,
    naturalKeys: ['installationNumber'],
    build: async (w, scope) =>
      url(`/api/habel/installations/${await projectIn(w, scope)}`, { project: { description: 'Imported' } }),
    expect: importer,
    note: "an import key replaces the projects of its mandator's installations; another mandator's number is 404",
  },
  {
    route: 'PUT /api/habel/installations/:installationNumber/documents/:externalKey',
    scoped: true,
    naturalKeys: ['installationNumber', 'externalKey'],
    build: async (w, scope, actor) => {
      const { number, externalKey } = await importedDocumentIn(w, scope, actor);
      const body = multipart({ name: 'Imported.pdf' }, [{ filename: 'i.pdf', content: PDF }]);
      return {
        url: `/api/habel/installations/${number}/documents/${externalKey}`,
        payload: body.payload,
        headers: body.headers,
      };
    },
    expect: importer,
    note: "the scope's project and one of its imported documents, replaced by its external key",
  },
  { route: 'GET /api/search', build: () => url('/api/search?filter=matrix'), expect: only(people) },
];
