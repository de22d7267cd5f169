import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { documents, projects } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, PDF } from '../support/multipart.ts';
import { createTestApp } from '../support/test-app.ts';
import { TABLE } from './route-table-all.ts';
import { importedDocumentIn, projectIn } from './route-table-documents.ts';
import { buildWorld, registeredApiRoutes } from './world.ts';

/**
 * A call about another mandator's object must tell nothing a missing id would not: the same status and the same body,
 * byte for byte. Every scoped read and every scoped write by id of the matrix is asked for a foreign object, then with
 * its ids replaced by one that exists nowhere, by the actors bound to a mandator (people and keys). Routes that name
 * their object by a natural key (an installation number, an external document key) are asked so for writes too, and
 * there a foreign key answers as an unknown one and changes nothing, neither the foreign rows nor the stored files.
 */
const MISSING_ID = 2_000_000_000;
/** Natural keys that name nothing: a project number no installation carries, an external key never imported. */
const MISSING_KEYS: Record<string, string> = { installationNumber: 'M-0-0', externalKey: 'K-0-0' };

/** The cell's address with each path parameter of the route replaced by one that names nothing. */
function missingUrlOf(route: string, url: string): string {
  const [path, query] = url.split('?');
  const template = route.split(' ')[1]!.split('/');
  const parts = path!.split('/').map((part, index) => {
    const parameter = template[index];
    if (!parameter?.startsWith(':')) return part;
    return MISSING_KEYS[parameter.slice(1)] ?? String(MISSING_ID);
  });
  return query === undefined ? parts.join('/') : `${parts.join('/')}?${query}`;
}
const BOUND_ACTORS = ['clientAdmin', 'client', 'freeUser', 'apiImport', 'apiExternal'] as const;

const t = await createTestApp();
const world = await buildWorld(t);
const registered = new Set(registeredApiRoutes(t.app));
afterAll(() => t.close());

const reads = TABLE.filter((row) => row.scoped && row.route.startsWith('GET ') && registered.has(row.route));

describe('a foreign object answers exactly as a missing one', () => {
  it('finds scoped reads to ask', () => {
    expect(reads.length).toBeGreaterThan(30);
  });

  for (const row of reads) {
    it(row.route, async () => {
      const differences: string[] = [];
      for (const actor of BOUND_ACTORS) {
        const cell = await row.build(world, 'foreign', actor);
        const missingUrl = missingUrlOf(row.route, cell.url);
        expect(missingUrl, 'the foreign cell names its object by id').not.toBe(cell.url);
        const ask = async (url: string) =>
          t.app.inject({ method: 'GET', url, headers: { ...(await world.headersOf(actor)), ...cell.headers } });
        const foreign = await ask(cell.url);
        const missing = await ask(missingUrl);
        if (foreign.statusCode !== missing.statusCode || foreign.body !== missing.body) {
          differences.push(
            `${actor}: foreign ${foreign.statusCode} ${foreign.body.slice(0, 200)} | missing ${missing.statusCode} ${missing.body.slice(0, 200)}`,
          );
        }
      }
      expect(differences).toEqual([]);
    });
  }
});

const idWrites = TABLE.filter(
  (row) =>
    row.scoped &&
    !row.naturalKeys?.length &&
    !row.route.startsWith('GET ') &&
    row.route.includes('/:') &&
    registered.has(row.route),
);

describe('a write to a foreign object answers exactly as one to a missing object', () => {
  // Every scoped write by id: a foreign id and one that names nothing get the same status and body from each bound
  // actor, so a module test need not ask for a missing id again.
  it('finds scoped writes by id to ask', () => {
    expect(idWrites.length).toBeGreaterThan(30);
  });

  for (const row of idWrites) {
    it(row.route, async () => {
      const differences: string[] = [];
      for (const actor of BOUND_ACTORS) {
        const cell = await row.build(world, 'foreign', actor);
        const missingUrl = missingUrlOf(row.route, cell.url);
        expect(missingUrl, 'the foreign cell names its object by id').not.toBe(cell.url);
        const ask = async (url: string) =>
          t.app.inject({
            method: row.route.split(' ')[0] as 'POST',
            url,
            payload: cell.payload,
            headers: { ...(await world.headersOf(actor)), ...cell.headers },
          });
        const foreign = await ask(cell.url);
        const missing = await ask(missingUrl);
        if (foreign.statusCode !== missing.statusCode || foreign.body !== missing.body) {
          differences.push(
            `${actor}: foreign ${foreign.statusCode} ${foreign.body.slice(0, 200)} | missing ${missing.statusCode} ${missing.body.slice(0, 200)}`,
          );
        }
      }
      expect(differences).toEqual([]);
    });
  }
});

/** Everything a project import could change: the projects, the documents, and the files they and the store hold. */
async function snapshot() {
  const projectRows = await t.ctx.db.select().from(projects).orderBy(projects.id);
  const documentRows = await t.ctx.db.select().from(documents).orderBy(documents.id);
  const files = await Promise.all(documentRows.map((row) => t.ctx.storage.head(row.storageKey)));
  return { projectRows, documentRows, files, stored: storedFiles() };
}

/** How many files the store holds (none before the first upload). */
function storedFiles(): number {
  try {
    const root = join(t.dataDir, 'files');
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

const naturalWrites = TABLE.filter(
  (row) => row.scoped && row.naturalKeys?.length && !row.route.startsWith('GET ') && registered.has(row.route),
);

describe('a foreign natural key answers a write exactly as an unknown one, and changes nothing', () => {
  it('finds writes by natural key to ask', () => {
    expect(naturalWrites.map((row) => row.route)).toEqual([
      'PUT /api/habel/installations/:installationNumber',
      'PUT /api/habel/installations/:installationNumber/documents/:externalKey',
    ]);
  });

  for (const row of naturalWrites) {
    it(row.route, async () => {
      const differences: string[] = [];
      for (const actor of BOUND_ACTORS) {
        const cell = await row.build(world, 'foreign', actor);
        const missingUrl = missingUrlOf(row.route, cell.url);
        const ask = async (url: string) =>
          t.app.inject({
            method: row.route.split(' ')[0] as 'PUT',
            url,
            payload: cell.payload,
            headers: { ...(await world.headersOf(actor)), ...cell.headers },
          });
        const before = await snapshot();
        const foreign = await ask(cell.url);
        const missing = await ask(missingUrl);
        expect(await snapshot(), `${actor} changed nothing`).toEqual(before);
        if (foreign.statusCode !== missing.statusCode || foreign.body !== missing.body) {
          differences.push(
            `${actor}: foreign ${foreign.statusCode} ${foreign.body.slice(0, 200)} | missing ${missing.statusCode} ${missing.body.slice(0, 200)}`,
          );
        }
      }
      expect(differences).toEqual([]);
    });
  }

  it("PUT /api/habel/installations/:installationNumber/documents/:externalKey: another mandator's external key in the own project is a new key", async () => {
    // Both create a document of the own project (import key) or are refused alike (403): the answers differ only in
    // the new document's id and the key they were asked for, and the foreign document keeps its place and its file.
    const differences: string[] = [];
    for (const actor of BOUND_ACTORS) {
      const own = await projectIn(world, 'own');
      const theirs = await importedDocumentIn(world, 'foreign');
      const [foreignRow] = await t.ctx.db.select().from(documents).where(eq(documents.externalKey, theirs.externalKey));
      const foreignFile = await t.ctx.storage.head(foreignRow!.storageKey);
      const put = async (key: string) => {
        const body = multipart({ name: 'Planted.pdf' }, [{ filename: 'p.pdf', content: Buffer.from(`${PDF}planted`) }]);
        const response = await t.app.inject({
          method: 'PUT',
          url: `/api/habel/installations/${own}/documents/${key}`,
          payload: body.payload,
          headers: { ...(await world.headersOf(actor)), ...body.headers },
        });
        return { status: response.statusCode, body: response.body.replace(/"id":\d+/, '"id":0').replace(key, '<key>') };
      };
      const foreign = await put(theirs.externalKey);
      const unknown = await put(`U-${process.pid}-${actor}`);
      if (JSON.stringify(foreign) !== JSON.stringify(unknown)) {
        differences.push(`${actor}: foreign ${JSON.stringify(foreign)} | unknown ${JSON.stringify(unknown)}`);
      }
      const [foreignAfter] = await t.ctx.db.select().from(documents).where(eq(documents.id, foreignRow!.id));
      expect(foreignAfter, `${actor} left the foreign document be`).toEqual(foreignRow);
      expect(await t.ctx.storage.head(foreignRow!.storageKey)).toEqual(foreignFile);
    }
    expect(differences).toEqual([]);
  });
});
