// The damage chart of a rope with 50,000 events: the domain function alone and GET /api/ropes/{id}/events/damage
// over a real socket with a browser's headers (cookie, encodings), each as a ratio to the floor (sorting the 50,000
// positions as a Float64Array) measured in the same run; percentiles over every call of the run.
// Goals: domain function <= 3x the floor, API call <= 10x, the answer as sent <= 300 KiB. Then an event saved on that
// rope against the same on a rope of 500 events (information: how a write grows with the rope's history).
// Run: npx -y pnpm@10.34.8 --filter @rope/bench damage  (DATABASE_URL=... for PostgreSQL, else PGlite; EVENTS scales
// the rope, 50,000)

import type { AddressInfo } from 'node:net';
import { ropeDamageInputs, ropeEvents, ropes } from '@rope/db/schema/index';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import { lossOverTargetMoments } from '@rope/domain/ropes/loss-over-target';
import { LOSS_CHART_POINTS } from '@rope/domain/ropes/loss-thinning';
import { computeRopeDamage, computeRopeDamageFromRows } from '@rope/domain/ropes/rope-damage';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq, sql } from 'drizzle-orm';
import { mulberry32 } from '../../apps/api/src/demo/random.ts';
import { createKeptAnswers } from '../../apps/api/src/http/kept-answers.ts';
import { loadRopeForDamage, recomputeRopeDamages } from '../../apps/api/src/modules/damage/index.ts';
import { readDamageRows } from '../../apps/api/src/modules/damage/rows.ts';
import { seedArea, seedInstallation, seedMandator, seedRope, seedUser } from '../../apps/api/test/support/factories.ts';
import { signIn } from '../../apps/api/test/support/sign-in.ts';
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { serverDatabase } from './bench-database.ts';
import { percentile, verdict, watchMachine } from './machine.ts';
import { compareArms } from './measure.ts';
import { compareOverSocket, type SocketArmResult } from './socket-arms.ts';
import { BROWSER_HEADERS, startSocketClient } from './socket-client.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const PER_ROUND = 5;

/** The rope the goals are stated for; another EVENTS shows how the figures grow, and is not judged. */
const GOAL_EVENTS = 50_000;
const EVENTS = Number(process.env.EVENTS ?? GOAL_EVENTS);
const ROPE_LENGTH_M = 5000;

/** The rope an event's save on the big rope is compared with: a save should not grow with the rope's history. */
const WRITE_FLOOR_EVENTS = 500;

const t = await createTestApp();

/** A rope of the worked example with `count` located wire breaks over 2,000 days, its damage computed. */
async function seedDamageRope(installationId: number, count: number) {
  const random = mulberry32(7);
  const rope = await seedRope(t.ctx.db, installationId);
  await t.ctx.db.update(ropes).set({ attributes: WORKED_EXAMPLE_ROPE }).where(eq(ropes.id, rope.id));
  for (let offset = 0; offset < count; offset += 2000) {
    const rows = Array.from({ length: Math.min(2000, count - offset) }, (_, i) => {
      const day = Math.floor(random() * 2000);
      const attributes: RopeEventAttributes = {
        timestamp: new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString(),
        recordingType: 'damage',
        type: 'wireBreak',
        actionStatus: 'new',
        isImported: false,
        damageCount: 1 + Math.floor(random() * 3),
        detection: (offset + i) % 3 === 0 ? 'mrt' : 'manual',
      };
      return {
        ropeId: rope.id,
        position: random() * ROPE_LENGTH_M,
        attributes,
        occurredAt: new Date(attributes.timestamp),
        recordingType: 'damage',
        type: 'wireBreak',
      };
    });
    await t.ctx.db.insert(ropeEvents).values(rows);
  }
  // What saving an event does after its insert: the rope's damage and the packed copy of its damage rows.
  await recomputeRopeDamages(t.ctx.db, rope.id);
  return rope;
}

/**
 * An event saved as the event form saves it, on each rope in turn (the first the floor), interleaved in rounds over
 * the socket; p50 over every call of the run per rope, and the last rope's over the first's.
 */
async function compareWrites(
  client: ReturnType<typeof startSocketClient>,
  url: string,
  browser: Record<string, string>,
  ropeList: { id: number }[],
) {
  const headers = { ...browser, 'content-type': 'application/json' };
  let written = 0;
  const save = async (ropeId: number) => {
    written += 1;
    const body = JSON.stringify({
      ropeEvent: {
        rope: { id: ropeId },
        position: (written * 37) % ROPE_LENGTH_M,
        attributes: { timestamp: new Date().toISOString(), recordingType: 'damage', type: 'wireBreak', damageCount: 1 },
      },
    });
    const [sample] = await client.send('POST', url, headers, body);
    if (sample!.status !== 200) throw new Error(`POST /api/events answered ${sample!.status}`);
    return sample!.ms;
  };
  for (let i = 0; i < 5; i += 1) for (const { id } of ropeList) await save(id);
  const samples = ropeList.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [k, { id }] of ropeList.entries())
      for (let i = 0; i < PER_ROUND; i += 1) samples[k]!.push(await save(id));
  }
  const ms = samples.map((list) => percentile(list, 0.5));
  return { ms, ratio: ms.at(-1)! / ms[0]! };
}
try {
  const mandator = await seedMandator(t.ctx.db);
  const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
  const started = performance.now();
  const rope = await seedDamageRope(installation.id, EVENTS);
  console.log(
    `${EVENTS} events on one rope (${t.ctx.database.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
  const cookie = await signIn(t.ctx, admin);
  const loaded = (await loadRopeForDamage(t.ctx.db, rope.id))!;
  const positions = Float64Array.from(loaded.events.map((event) => event.position ?? 0));
  const floor = async () => Float64Array.from(positions).sort();

  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}/api/ropes/${rope.id}/events/damage`;
  const client = startSocketClient();
  const browser = { ...BROWSER_HEADERS, cookie };
  const [check] = await client.get(url, browser);
  if (check!.status !== 200) throw new Error(`damage chart answered ${check!.status}`);
  for (const encoding of ['gzip, deflate, br, zstd', 'gzip', 'identity']) {
    const [sent] = await client.get(url, { ...browser, 'accept-encoding': encoding });
    console.log(
      `answer as sent for Accept-Encoding "${encoding}": ${(sent!.bytes / 1024).toFixed(0)} KiB (${sent!.encoding ?? 'plain'})`,
    );
  }

  const machine = watchMachine([], { database: await serverDatabase(t.ctx) });
  // The domain function the API calls, on the rows as the API reads them; and the same from event objects.
  const rows = (await readDamageRows(t.ctx.db, rope.id, false))!;
  const options = { loopLength: loaded.loopLength };
  const domain = await compareArms({
    name: 'domain computeRopeDamageFromRows vs sorting the positions',
    candidate: async () => computeRopeDamageFromRows(loaded.rope.attributes, rows, options),
    baseline: floor,
    rounds: 9,
    iterations: 3,
    labels: ['domain', 'sort'],
  });
  const objects = await compareArms({
    name: 'domain computeRopeDamage (event objects) vs sorting the positions',
    candidate: async () => computeRopeDamage(loaded.rope.attributes, loaded.events, options),
    baseline: floor,
    rounds: 9,
    iterations: 3,
    labels: ['domain', 'sort'],
  });

  // Over the socket, as a browser tab asks: each arm's samples against the floor's, both over the whole run.
  const etag = check!.etag!;
  const arms = [
    {
      name: 'made afresh: the first read after a change through the API',
      prepare: async () => {
        t.ctx.damageCharts = createKeptAnswers();
      },
      headers: browser,
    },
    {
      name: 'made afresh after a change outside the API (the packed copy made again by the read)',
      prepare: async () => {
        t.ctx.damageCharts = createKeptAnswers();
        await t.ctx.db.delete(ropeDamageInputs).where(eq(ropeDamageInputs.ropeId, rope.id));
      },
      headers: browser,
    },
    { name: 'kept: the same answer again, no copy in the browser', prepare: async () => {}, headers: browser },
    {
      name: 'revalidated: the browser holds the answer (If-None-Match, 304)',
      prepare: async () => {},
      headers: { ...browser, 'if-none-match': etag },
    },
  ];
  const results: SocketArmResult[] = [];
  for (const arm of arms) {
    results.push(
      await compareOverSocket(
        client,
        floor,
        { ...arm, name: `GET ${arm.name}`, url },
        {
          rounds: ROUNDS,
          perRound: PER_ROUND,
          floorName: 'the sort',
        },
      ),
    );
  }
  // The rope page's loss chart of the same rope: one point per damage instant, each the rope's damage then. The
  // browser asks for a chart's worth of points (LOSS_CHART_POINTS); an integrator may ask for all of them.
  const lossUrl = `http://127.0.0.1:${address.port}/api/ropes/${rope.id}/events/lossOverTarget?xAxis=timestamp`;
  const chartLossUrl = `${lossUrl}&points=${LOSS_CHART_POINTS}`;
  const lossArm = (name: string, url: string, fresh: boolean) =>
    compareOverSocket(
      client,
      floor,
      {
        name: `GET loss over target (xAxis=timestamp), ${name}`,
        prepare: async () => {
          if (!fresh) return;
          t.ctx.damageCharts = createKeptAnswers();
          // What any write does: the embedded default keeps the rope page's answers, the loss chart's among them, until
          // the database's answer version moves (http/answer-cache.ts); without this its "afresh" was a kept answer.
          await t.ctx.db.execute(sql`update answer_version set version = version + 1 where id = 1`);
        },
        headers: browser,
        url,
      },
      { rounds: 3, perRound: 2, floorName: 'the sort' },
    );
  const lossFresh = await lossArm(
    `the rope page's chart (${LOSS_CHART_POINTS} points), made afresh`,
    chartLossUrl,
    true,
  );
  const lossKept = await lossArm(`the rope page's chart (${LOSS_CHART_POINTS} points), kept`, chartLossUrl, false);
  const lossWhole = await lossArm('every point, made afresh', lossUrl, true);
  const [lossChartSent] = await client.get(chartLossUrl, browser);
  const [lossWholeSent] = await client.get(lossUrl, browser);
  // After the reads, which it would change: the writes add to the rope.
  const writes = await compareWrites(client, `http://127.0.0.1:${address.port}/api/events`, browser, [
    await seedDamageRope(installation.id, WRITE_FLOOR_EVENTS),
    rope,
  ]);
  await client.close();
  const load = machine();
  console.log(`\n${load.text}`);
  const notJudged =
    EVENTS === GOAL_EVENTS ? undefined : `not judged (the goals are for ${GOAL_EVENTS.toLocaleString('en')} events)`;
  const judged = (met: boolean) => notJudged ?? verdict(met, load);
  console.log(`domain ${domain.ratio.toFixed(1)}x (goal <= 3x): ${judged(domain.ratio <= 3)}`);
  console.log(`domain from event objects ${objects.ratio.toFixed(1)}x (information)`);
  const [fresh, outside, kept, revalidated] = results as [
    SocketArmResult,
    SocketArmResult,
    SocketArmResult,
    SocketArmResult,
  ];
  console.log(`API, made afresh ${fresh.ratio.toFixed(1)}x (goal <= 10x): ${judged(fresh.ratio <= 10)}`);
  console.log(`API, kept ${kept.ratio.toFixed(1)}x (goal <= 10x): ${judged(kept.ratio <= 10)}`);
  console.log(`API, revalidated ${revalidated.ratio.toFixed(1)}x (goal <= 10x): ${judged(revalidated.ratio <= 10)}`);
  console.log(`API, after a change outside the API ${outside.ratio.toFixed(1)}x (information)`);
  console.log(
    `loss over target of the same rope as the rope page asks (${LOSS_CHART_POINTS} points): made afresh p50 ` +
      `${lossFresh.ms.p50.toFixed(0)} ms (${lossFresh.ratio.toFixed(0)}x the sort), kept p50 ${lossKept.ms.p50.toFixed(1)} ms ` +
      `(${lossKept.ratio.toFixed(1)}x), ${(lossChartSent!.bytes / 1024).toFixed(0)} KiB as sent (${lossChartSent!.encoding ?? 'plain'}); ` +
      `every point (${lossOverTargetMoments(loaded.events).length.toLocaleString('en')}, one per day with damages) made afresh ` +
      `p50 ${lossWhole.ms.p50.toFixed(0)} ms, ${(lossWholeSent!.bytes / 1024).toFixed(0)} KiB as sent (information)`,
  );
  console.log(
    `an event saved (POST /api/events) on the rope of ${EVENTS.toLocaleString('en')} events: p50 ${writes.ms[1]!.toFixed(1)} ms, ` +
      `${writes.ratio.toFixed(1)}x the same on a rope of ${WRITE_FLOOR_EVENTS} (p50 ${writes.ms[0]!.toFixed(1)} ms; information)`,
  );
  const sentKiB = check!.bytes / 1024;
  console.log(
    `answer as sent ${sentKiB.toFixed(0)} KiB (goal <= 300 KiB): ${notJudged ?? (sentKiB <= 300 ? 'met' : 'NOT met')}`,
  );
} finally {
  await t.close();
}
