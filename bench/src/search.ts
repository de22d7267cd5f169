// GET /api/search over the reference data set plus 100,000 documents: the whole API (session, permission,
// validation, ranking, serialisation) over a real socket with a browser's headers (cookie, encodings) against the bare
// SQL query the search runs, in the same run, for an admin and a client who sees one mandator's areas; percentiles
// over every call. Goals: p95 <= 50 ms, and <= 3x the bare query at the p50. DOCUMENTS scales the documents.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench search  (DATABASE_URL=... for PostgreSQL, else PGlite)
import type { AddressInfo } from 'node:net';
import { documents, folders } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { sql } from 'drizzle-orm';
import { mulberry32 } from '../../apps/api/src/demo/random.ts';
import { runSearchStatement, searchStatement } from '../../apps/api/src/modules/search/search.ts';
import { seedUser } from '../../apps/api/test/support/factories.ts';
import { signIn } from '../../apps/api/test/support/sign-in.ts';
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { serverDatabase } from './bench-database.ts';
import { generateHierarchy } from './dataset.ts';
import { verdict, watchMachine } from './machine.ts';
import { compareOverSocket, type SocketArmResult } from './socket-arms.ts';
import { BROWSER_HEADERS, startSocketClient } from './socket-client.ts';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 100_000);
const P95_GOAL_MS = 50;
const RATIO_GOAL = 3;

/** What people type: a place with its accent left out, a prefix as typed, a typo, several words, nothing found. */
const FILTERS = ['flegere', 'inspec', 'certifcate', 'haul rope 2024', 'Installation 42', 'zzzzqx'];

const PLACES = ['Flégère', 'Zermatt', 'Grindelwald', 'Chamonix', 'Sölden', 'Val Thorens', 'Engelberg', 'Ischgl'];
const KINDS = ['Inspection report', 'Rope certificate', 'Splice protocol', 'Manufacturer manual', 'Drawing', 'Photo'];
const ROPES = ['haul rope', 'track rope', 'tension rope', 'carrying rope', 'tow rope'];
const TARGETS = ['area', 'installation', 'rope', 'folder'] as const;

const t = await createTestApp();
try {
  const started = performance.now();
  const { mandatorIds, areaIds, installationIds } = await generateHierarchy(t.ctx.db);
  const folderIds = (
    await t.ctx.db
      .insert(folders)
      .values(Array.from({ length: 20 }, (_, i) => ({ name: `Folder ${i + 1}`, translations: {} })))
      .returning({ id: folders.id })
  ).map((row) => row.id);
  const random = mulberry32(12);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  for (let offset = 0; offset < DOCUMENTS; offset += 5000) {
    const rows = Array.from({ length: Math.min(5000, DOCUMENTS - offset) }, (_, i) => {
      const targetType = TARGETS[(offset + i) % TARGETS.length]!;
      const targetId =
        targetType === 'area' ? pick(areaIds) : targetType === 'folder' ? pick(folderIds) : pick(installationIds);
      const year = 2015 + Math.floor(random() * 11);
      return {
        name: `${pick(KINDS)} ${pick(PLACES)} ${pick(ROPES)} ${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}.pdf`,
        mimeType: 'application/pdf',
        storageKey: `bench/${offset + i}`,
        size: 100_000,
        // Ropes are the installations' documents here: the bench asks about names, not about targets.
        targetType: targetType === 'rope' ? 'installation' : targetType,
        targetId,
        folderId: targetType === 'folder' ? targetId : null,
      };
    });
    await t.ctx.db.insert(documents).values(rows);
  }
  await t.ctx.db.execute(sql`analyze`);
  console.log(
    `data set: ${t.ctx.database.kind}, 50 areas, 500 installations, 2,000 ropes, ${DOCUMENTS} documents, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
  const client = await seedUser(t.ctx.db, { roles: ['ROLE_USER'], mandatorIds: [mandatorIds[0]!] });
  const people = [
    { label: 'admin', user: admin, actor: actorOf(admin.id, ['ROLE_ADMIN'], []) },
    { label: 'client', user: client, actor: actorOf(client.id, ['ROLE_USER'], [mandatorIds[0]!]) },
  ];

  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  const socket = startSocketClient();
  const machine = watchMachine([], { database: await serverDatabase(t.ctx) });
  const results: SocketArmResult[] = [];
  for (const person of people) {
    const cookie = await signIn(t.ctx, person.user);
    for (const filter of FILTERS) {
      const url = `${base}/search?filter=${encodeURIComponent(filter)}`;
      const found = (await t.app.inject({ url: url.slice(url.indexOf('/api/')), headers: { cookie } })).json().results
        .length;
      const statement = searchStatement(person.actor, filter)!;
      results.push(
        await compareOverSocket(
          socket,
          () => runSearchStatement(t.ctx.db, statement),
          { name: `${person.label} "${filter}" (${found} found)`, url, headers: { ...BROWSER_HEADERS, cookie } },
          { rounds: 12, perRound: 5, floorName: 'bare SQL' },
        ),
      );
    }
  }
  await socket.close();
  const load = machine();
  const worstP95 = Math.max(...results.map((result) => result.ms.p95));
  const worstRatio = Math.max(...results.map((result) => result.ratio));
  console.log(`\n${load.text}`);
  console.log(
    `GET /api/search: worst p95 ${worstP95.toFixed(1)} ms (goal <= ${P95_GOAL_MS} ms: ${verdict(worstP95 <= P95_GOAL_MS, load)}), ` +
      `worst ratio to the bare query at the p50 ${worstRatio.toFixed(2)}x (goal <= ${RATIO_GOAL}x: ${verdict(worstRatio <= RATIO_GOAL, load)})`,
  );
} finally {
  await t.close();
}

function actorOf(userId: number, roles: Actor['roles'], mandatorIds: number[]): Actor {
  return { userId, roles, mandatorIds, via: 'session' };
}
