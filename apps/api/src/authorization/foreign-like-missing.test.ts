import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { TABLE } from './route-table-all.ts';
import { buildWorld, registeredApiRoutes } from './world.ts';

/**
 * A read of another mandator's object must tell nothing a missing id would not: the same status and the same body,
 * byte for byte. Every scoped read of the matrix is asked for a foreign object, then with its ids replaced by one
 * that exists nowhere, by the actors bound to a mandator (people and keys).
 */
const MISSING_ID = 2_000_000_000;
/** A project number (the HABEL calls name installations by it) that no installation carries. */
const MISSING_NUMBER = 'M-0-0';

/** The cell's address with each path parameter of the route replaced by one that names nothing. */
function missingUrlOf(route: string, url: string): string {
  const [path, query] = url.split('?');
  const template = route.split(' ')[1]!.split('/');
  const parts = path!.split('/').map((part, index) => {
    const parameter = template[index];
    if (!parameter?.startsWith(':')) return part;
    return parameter === ':installationNumber' ? MISSING_NUMBER : String(MISSING_ID);
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
