// GET /api/search over the reference data set plus 100,000 documents: the whole API (session, permission,
// validation, ranking, serialisation) against the bare SQL query the search runs, in the same run, for an admin and a
// client who sees one mandator's areas. Goals: p95 <= 50 ms, and <= 3x the bare query.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench search  (DATABASE_URL=... for PostgreSQL, else PGlite)
import { documents, folders } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { sql } from 'drizzle-orm';
import { mulberry32 } from '../../apps/api/src/demo/random.ts';
import { runSearchStatement, searchStatement } from '../../apps/api/src/modules/search/search.ts';
import { seedUser } from '../../apps/api/test/support/factories.ts';
import { signIn } from '../../apps/api/test/support/sign-in.ts';
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { generateHierarchy } from './dataset.ts';
import { compareArms } from './measure.ts';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 100_000);
const P95_GOAL_MS = 50;
const RATIO_GOAL = 3;
const SAMPLES = 60;

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

  const p95s: number[] = [];
  const ratios: number[] = [];
  for (const person of people) {
    const cookie = await signIn(t.ctx, person.user);
    for (const filter of FILTERS) {
      const url = `/api/search?filter=${encodeURIComponent(filter)}`;
      const call = async () => {
        const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
        return response;
      };
      const statement = searchStatement(person.actor, filter)!;
      const found = (await call()).json().results.length;
      const latencies: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const callStarted = performance.now();
        await call();
        latencies.push(performance.now() - callStarted);
      }
      const p95 = percentile(latencies, 0.95);
      p95s.push(p95);
      const result = await compareArms({
        name: `${person.label} "${filter}" (${found} found), p95 ${p95.toFixed(1)} ms`,
        candidate: call,
        baseline: () => runSearchStatement(t.ctx.db, statement),
        rounds: 7,
        iterations: 5,
        labels: ['API', 'bare SQL'],
      });
      ratios.push(result.ratio);
    }
  }
  const worstP95 = Math.max(...p95s);
  const worstRatio = Math.max(...ratios);
  console.log(
    `GET /api/search: worst p95 ${worstP95.toFixed(1)} ms (goal <= ${P95_GOAL_MS} ms: ${worstP95 <= P95_GOAL_MS ? 'met' : 'NOT met'}), ` +
      `worst ratio to the bare query ${worstRatio.toFixed(2)}x (goal <= ${RATIO_GOAL}x: ${worstRatio <= RATIO_GOAL ? 'met' : 'NOT met'})`,
  );
} finally {
  await t.close();
}

function actorOf(userId: number, roles: Actor['roles'], mandatorIds: number[]): Actor {
  return { userId, roles, mandatorIds, via: 'session' };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}
