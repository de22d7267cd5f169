import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { installations } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope, seedUser } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import { listDocRoutes, loadOpenApi } from '../support/openapi.ts';
import { signIn } from '../support/sign-in.ts';
import { createTestApp } from '../support/test-app.ts';
import { recordBatteryCount } from './battery-count.ts';
import {
  HOSTILE_XML,
  type HostileFile,
  hostileFilesFor,
  TRAVERSAL_NAMES,
  type UploadKind,
  validFileOf,
} from './hostile-corpus.ts';

/**
 * Hostile files against every upload of the OpenAPI document: each route that takes multipart/form-data or XML
 * must have a driver below, or the first test fails. Refused files answer 4xx and leave nothing in the store;
 * nothing answers 500; the store never holds a file under a name the client chose.
 */
const MB = 1024 * 1024;
const t = await createTestApp({ DOCUMENT_MAX_MB: '1', TRUSCAN_FILE_MAX_MB: '1' });
afterAll(() => t.close());
const doc = await loadOpenApi(t.app);

const mandator = await seedMandator(t.ctx.db, 'Hostile files mandator');
const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
await t.ctx.db
  .update(installations)
  .set({ attributes: { installationNumberFatzer: 'F-900' } })
  .where(eq(installations.id, installation.id));
const rope = await seedRope(t.ctx.db, installation.id);
const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'], email: 'hostile-admin@battery.test' });
const importKey = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandator.id])).key;
const project = await t.app.inject({
  method: 'PUT',
  url: '/api/habel/installations/F-900',
  headers: { authorization: `Bearer ${importKey}` },
  payload: { project: { description: 'Hostile files project', country: 'ch', facilityType: 'gondola' } },
});
if (project.statusCode !== 200) throw new Error(`project: ${project.body}`);

interface UploadDriver {
  kind: UploadKind;
  url: string;
  method: 'POST' | 'PUT';
  fields: Record<string, string>;
  maxFiles: number;
  maxBytes: number;
  headers: () => Promise<Record<string, string>>;
}

const asAdmin = async () => ({ cookie: await signIn(t.ctx, admin) });
const asImport = async () => ({ authorization: `Bearer ${importKey}` });

/** Every upload route, by its OpenAPI path. */
const DRIVERS: Record<string, UploadDriver> = {
  'POST /api/installations/{id}/map-image': {
    kind: 'image',
    method: 'POST',
    url: `/api/installations/${installation.id}/map-image`,
    fields: {},
    maxFiles: 1,
    maxBytes: 10 * MB,
    headers: asAdmin,
  },
  'POST /api/users/{id}/picture': {
    kind: 'image',
    method: 'POST',
    url: `/api/users/${admin.id}/picture`,
    fields: {},
    maxFiles: 1,
    maxBytes: 2 * MB,
    headers: asAdmin,
  },
  'POST /api/ropes/{id}/tasks/upload': {
    kind: 'csv',
    method: 'POST',
    url: `/api/ropes/${rope.id}/tasks/upload`,
    fields: {},
    maxFiles: 1,
    maxBytes: 2 * MB,
    headers: asAdmin,
  },
  'POST /api/ropes/tasks/upload': {
    kind: 'csv',
    method: 'POST',
    url: '/api/ropes/tasks/upload',
    fields: {},
    maxFiles: 1,
    maxBytes: 2 * MB,
    headers: asAdmin,
  },
  'POST /api/documents': {
    kind: 'document',
    method: 'POST',
    url: '/api/documents',
    fields: { targetType: 'rope', targetId: String(rope.id) },
    maxFiles: 20,
    maxBytes: MB,
    headers: asAdmin,
  },
  'PUT /api/habel/installations/{installationNumber}/documents/{externalKey}': {
    kind: 'document',
    method: 'PUT',
    url: '/api/habel/installations/F-900/documents/HB-HOSTILE',
    fields: {
      name: 'Prüfbericht.pdf',
      location: 'DES',
      habelAttart: 'Bericht',
      habelReceipttype: 'Prüfbericht',
      habelErfdat: '2026-03-01',
    },
    maxFiles: 1,
    maxBytes: MB,
    headers: asImport,
  },
  'POST /api/ropes/{id}/events/upload/truscan': {
    kind: 'mea',
    method: 'POST',
    url: `/api/ropes/${rope.id}/events/upload/truscan`,
    fields: {},
    maxFiles: 20,
    maxBytes: MB,
    headers: asAdmin,
  },
};
const XML_ROUTE = 'POST /api/events/import/parse';

const STORED_KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;
/** The files in the store, by key; each file's `.meta.json` is not one. */
function storedKeys(): string[] {
  const root = join(t.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.meta.json'))
      .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
  } catch {
    return [];
  }
}

let sent = 0;
const problems: string[] = [];

async function upload(
  route: string,
  driver: UploadDriver,
  label: string,
  files: { filename: string; content: Buffer }[],
  expectation: HostileFile['expect'],
) {
  sent += 1;
  const before = storedKeys().length;
  const body = multipart(
    driver.fields,
    files.map((file) => ({ name: 'file', filename: file.filename, content: file.content })),
  );
  const response = await t.app.inject({
    method: driver.method,
    url: driver.url,
    headers: { ...(await driver.headers()), ...body.headers },
    payload: body.payload,
    remoteAddress: `10.8.${(sent >> 8) & 255}.${sent & 255}`,
  });
  const status = response.statusCode;
  const stored = storedKeys();
  const where = `${route} ${label}`;
  if (status >= 500) problems.push(`${where}: ${status} ${response.body.slice(0, 200)}`);
  if (expectation === 'refuse' && (status < 400 || status >= 500)) problems.push(`${where}: not refused (${status})`);
  if (status >= 400 && stored.length !== before)
    problems.push(`${where}: refused but ${stored.length - before} stored`);
  // A TRUscan file is kept with the trace derived from it: two stored objects for each file sent.
  const perFile = driver.kind === 'mea' ? 2 : 1;
  if (status < 400 && stored.length - before > files.length * perFile) {
    problems.push(`${where}: more files stored than sent`);
  }
  const outOfPlace = stored.filter((key) => !STORED_KEY.test(key));
  if (outOfPlace.length > 0) problems.push(`${where}: stored under ${outOfPlace.join(', ')}`);
  if (status < 400 && /"name":"[^"]*(\/|\\\\|\\u0000)/.test(response.body)) {
    problems.push(`${where}: a name with a path or NUL came back: ${response.body.slice(0, 200)}`);
  }
  if (status >= 400) {
    const answer = response.json() as { message?: string };
    if (!answer.message) problems.push(`${where}: ${status} without a message`);
  }
}

const padTo = (content: Buffer, size: number) =>
  Buffer.concat([content, Buffer.alloc(Math.max(0, size - content.length), 0x20)]);

describe('hostile files against every upload', () => {
  it('has a driver for every upload route of the OpenAPI document', () => {
    const uploads = listDocRoutes(doc)
      .filter((route) => route.contentTypes.some((type) => /multipart|xml/.test(type)))
      .map((route) => `${route.method} ${route.path}`);
    expect(uploads.length).toBeGreaterThanOrEqual(Object.keys(DRIVERS).length);
    expect(uploads.filter((route) => !(route in DRIVERS) && route !== XML_ROUTE)).toEqual([]);
  });

  for (const [route, driver] of Object.entries(DRIVERS)) {
    it(route, async () => {
      problems.length = 0;
      for (const file of hostileFilesFor(driver.kind)) {
        await upload(route, driver, file.label, [file], file.expect);
      }
      const valid = validFileOf(driver.kind);
      for (const name of TRAVERSAL_NAMES) {
        await upload(
          route,
          driver,
          `named ${JSON.stringify(name.slice(0, 40))}`,
          [{ ...valid, filename: name }],
          'either',
        );
      }
      await upload(
        route,
        driver,
        'over the size limit',
        [{ ...valid, content: padTo(valid.content, driver.maxBytes + 1024) }],
        'refuse',
      );
      const many = Array.from({ length: driver.maxFiles + 1 }, (_, i) => ({
        ...valid,
        filename: `f${i}-${valid.filename}`,
      }));
      await upload(route, driver, `${many.length} files`, many, driver.maxFiles > 1 ? 'refuse' : 'either');
      await upload(route, driver, 'no file at all', [], 'refuse');
      expect(problems).toEqual([]);
    });
  }

  it(XML_ROUTE, async () => {
    problems.length = 0;
    for (const { label, body } of HOSTILE_XML) {
      sent += 1;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/events/import/parse',
        headers: { ...(await asAdmin()), 'content-type': 'application/xml' },
        payload: body,
      });
      if (response.statusCode < 400 || response.statusCode >= 500) {
        problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('leaves the API alive and healthy', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    recordBatteryCount('hostile files', sent, `over ${Object.keys(DRIVERS).length + 1} upload routes`);
  });
});
