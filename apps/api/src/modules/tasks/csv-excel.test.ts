import { readFileSync } from 'node:fs';
import { installations, tasks, users } from '@rope/db/schema/index';
import { eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope, seedTask } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const BOM = '\uFEFF';

function csvUpload(content: string | Buffer, filename = 'tasks.csv') {
  const boundary = '----rope-excel';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** What German Excel shows of a file it opens with a double click: its cells split at `;`, after the BOM. */
function openInGermanExcel(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  return Papa.parse<string[]>(body.slice(BOM.length), { delimiter: ';', skipEmptyLines: true }).data;
}

/** The cells saved again by German Excel as "CSV (Trennzeichen-getrennt)": Windows-1252, `;`, quotes only where needed. */
function savedByGermanExcel(rows: string[][]): Buffer {
  const text = `${Papa.unparse(rows, { delimiter: ';', newline: '\r\n', quotes: false })}\r\n`;
  return iconv.encode(text, 'windows-1252');
}

// That the exports are for the privileged set, and a foreign rope's export answers as a missing one, is proven by
// authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('task CSV as operators use Excel', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let zurichRope: number;
  let aucklandRope: number;
  let emptyRope: number;
  let foreignRope: number;

  const upload = (who: string, url: string, content: string | Buffer) => {
    const body = csvUpload(content);
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...body.headers, cookie: cast.cookies[who]! },
      payload: body.payload,
    });
  };
  const attributesOf = async (ropeId: number) =>
    (await t.ctx.db.select().from(tasks).where(eq(tasks.ropeId, ropeId)).orderBy(tasks.id)).map(
      (row) => row.attributes,
    );

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const other = await seedMandator(t.ctx.db);
    const area = await seedArea(t.ctx.db, mandator.id, 'Zermatt');
    const zurich = await seedInstallation(t.ctx.db, area.id, 'Gornergrat');
    const auckland = await seedInstallation(t.ctx.db, area.id, 'Sky Tower');
    await t.ctx.db
      .update(installations)
      .set({ attributes: { timezone: 'Europe/Zurich' } })
      .where(eq(installations.id, zurich.id));
    await t.ctx.db
      .update(installations)
      .set({ attributes: { timezone: 'Pacific/Auckland' } })
      .where(eq(installations.id, auckland.id));
    zurichRope = (await seedRope(t.ctx.db, zurich.id, 'Förderseil')).id;
    aucklandRope = (await seedRope(t.ctx.db, auckland.id, 'Tragseil')).id;
    emptyRope = (await seedRope(t.ctx.db, zurich.id, 'Zugseil')).id;
    foreignRope = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other.id)).id)).id)
    ).id;
    const inspector = await cast.add('inspector', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
    await t.ctx.db.update(users).set({ languageId: 'DES' }).where(eq(users.id, inspector.id));
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    const english = await cast.add('english', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
    await t.ctx.db.update(users).set({ languageId: 'ENU' }).where(eq(users.id, english.id));
  });
  afterAll(() => t.close());

  it.each([
    [
      'tasks-excel-de-localized-windows-1252.csv',
      'German Excel: Windows-1252, `;`, German headers, 15.12.2026, 1.234.000',
    ],
    ['tasks-excel-fr-utf8-bom.csv', 'French Excel: UTF-8 with BOM, `;`, French headers, 15/12/2026, 1 234 000'],
    ['tasks-excel-es-windows-1252.csv', 'Spanish Excel: Windows-1252, `;`, Spanish headers, 15/12/2026, 1.234.000'],
  ])('imports %s (%s) with days at midnight in the installation zone', async (name) => {
    const rope = (
      await seedRope(
        t.ctx.db,
        (
          await t.ctx.db.select().from(installations).where(eq(installations.name, 'Gornergrat'))
        )[0]!.id,
      )
    ).id;
    const response = await upload('inspector', `/ropes/${rope}/tasks/upload`, fixture(name));
    expect(response.statusCode).toBe(200);
    expect(response.json().created).toBe(2);
    const [first, second] = await attributesOf(rope);
    expect(first).toMatchObject({
      status: 'new',
      dueAt: '2026-12-14T23:00:00.000Z',
      dueCondition: { type: 'bendingCycles', threshold: 1234000 },
      component: 'splice',
      inspectionType: 'A (1 m/s)',
    });
    expect(second).toMatchObject({ status: 'in-progress', dueAt: '2027-02-01T07:30:00.000Z', component: 'rope' });
    expect(first?.description).toMatch(/[–€«ñáéÄÖÜ„]|Maß|entier|año/);
    const rows = await t.ctx.db.select().from(tasks).where(eq(tasks.ropeId, rope));
    expect(rows[0]?.dueAt?.toISOString()).toBe('2026-12-14T23:00:00.000Z');
  });

  it('refuses a file with one bad row whole, naming row and column, and writes nothing', async () => {
    const before = (await t.ctx.db.select().from(tasks)).length;
    const file = iconv.encode(
      'Titel;Beschreibung;Fällig;Fällig bei Biegewechseln\r\nA;B;15.12.2026;600.000\r\nC;D;31.11.2026;\r\n',
      'windows-1252',
    );
    const response = await upload('inspector', `/ropes/${zurichRope}/tasks/upload`, file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      key: 'app.errors.csvNotADate',
      params: { row: 3, column: 'Fällig', value: '31.11.2026', example: '15.12.2026' },
    });
    const cycles = await upload(
      'inspector',
      `/ropes/${zurichRope}/tasks/upload`,
      'Titel;Beschreibung;Fällig bei Biegewechseln\nA;B;viele\n',
    );
    expect(cycles.statusCode).toBe(400);
    expect(cycles.json().message).toBe('Row 2: Fällig bei Biegewechseln "viele" is not a whole number of at least 1');
    expect((await t.ctx.db.select().from(tasks)).length).toBe(before);
  });

  it('answers a foreign rope 404 before reading the file, like a missing one, and a reader without write 403', async () => {
    for (const rope of [foreignRope, 999_999]) {
      const broken = await upload('inspector', `/ropes/${rope}/tasks/upload`, Buffer.from('title\x00,x'));
      expect(broken.statusCode).toBe(404);
      const good = await upload('inspector', `/ropes/${rope}/tasks/upload`, 'title,description\nA,B\n');
      expect(good.statusCode).toBe(404);
      expect(good.json().message).toBe(broken.json().message);
    }
  });

  it('exports in German, opens as German Excel shows it, and imports back as the same tasks', async () => {
    await seedTask(t.ctx.db, zurichRope, {
      attributes: {
        title: 'Magnetprüfung',
        description: '=Jährlich; „ganzes“ Seil',
        status: 'in-progress',
        dueAt: '2026-12-14T23:00:00.000Z',
        dueCondition: { type: 'bendingCycles', threshold: 600000 },
        component: 'splice',
        inspectionType: 'C (0.3 m/s)',
      },
      assigneeIds: [cast.ids.client!],
    });
    await seedTask(t.ctx.db, zurichRope, {
      attributes: { title: 'Ölwechsel', description: 'Getriebe', status: 'done', dueAt: '2027-02-01T07:30:00.000Z' },
    });
    const open = await cast.call('inspector', 'GET', `/ropes/${zurichRope}/tasks/export`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(open.headers['content-disposition']).toMatch(/^attachment; filename="tasks-\d+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const shown = openInGermanExcel(open.body);
    expect(shown[0]).toEqual([
      'Seil-ID',
      'Seil',
      'Anlage',
      'Gebiet',
      'Titel',
      'Beschreibung',
      'Status',
      'Fällig (Europe/Zurich)',
      'Fällig bei Biegewechseln',
      'Überfällig',
      'Komponente',
      'Prüfungsart',
      'Zugewiesen an',
      'Erstellt (Europe/Zurich)',
    ]);
    // Open tasks only, as the rope's table shows them unless finished ones are asked for.
    expect(shown.length).toBe(2);
    expect(shown[1]?.slice(0, 13)).toEqual([
      String(zurichRope),
      'Förderseil',
      'Gornergrat',
      'Zermatt',
      'Magnetprüfung',
      "'=Jährlich; „ganzes“ Seil",
      'In Bearbeitung',
      '15.12.2026',
      '600000',
      'nein',
      'Spleiß',
      'C (0.3 m/s)',
      'Test User',
    ]);
    expect(shown[1]?.[13]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}(:\d{2})?$/);

    const all = openInGermanExcel(
      (await cast.call('inspector', 'GET', `/ropes/${zurichRope}/tasks/export?status=all`)).body,
    );
    expect(all.map((row) => row[4])).toEqual(['Titel', 'Magnetprüfung', 'Ölwechsel']);
    expect(all[2]?.[7]).toBe('01.02.2027 08:30');
    // German Excel saves it again (Windows-1252, no BOM, quotes only where needed) and it goes up to another rope.
    const response = await upload('inspector', `/ropes/${emptyRope}/tasks/upload`, savedByGermanExcel(all));
    expect(response.statusCode).toBe(200);
    const strip = ({
      title,
      description,
      status,
      dueAt,
      dueCondition,
      component,
      inspectionType,
    }: Record<string, unknown>) => ({
      title,
      description,
      status,
      dueAt,
      dueCondition,
      component,
      inspectionType,
    });
    expect((await attributesOf(emptyRope)).map(strip)).toEqual((await attributesOf(zurichRope)).map(strip));
  });

  it('writes times east of UTC in the installation zone and English for an English reader', async () => {
    await seedTask(t.ctx.db, aucklandRope, {
      attributes: { title: 'Check', description: 'All', dueAt: '2026-12-14T11:00:00.000Z', status: 'new' },
    });
    const english = await cast.call('english', 'GET', `/ropes/${aucklandRope}/tasks/export`);
    expect(english.body.startsWith(BOM)).toBe(true);
    const rows = Papa.parse<string[]>(english.body.slice(1), { delimiter: ',', skipEmptyLines: true }).data;
    expect(rows[0]?.[7]).toBe('Due (Pacific/Auckland)');
    expect(rows[1]?.slice(4, 10)).toEqual(['Check', 'All', 'New', '2026-12-15', '', 'no']);
    const german = openInGermanExcel(
      (await cast.call('english', 'GET', `/ropes/${aucklandRope}/tasks/export?language=de-DE`)).body,
    );
    expect(german[1]?.[7]).toBe('15.12.2026');
  });

  it('exports the task list as filtered, in the zone asked for where no installation gives one', async () => {
    const response = await cast.call('inspector', 'GET', '/tasks/export?status=all&timeZone=Pacific/Auckland');
    expect(response.statusCode).toBe(200);
    const rows = openInGermanExcel(response.body);
    expect(rows[0]?.[7]).toBe('Fällig (Pacific/Auckland)');
    const listed = (await cast.call('inspector', 'GET', '/tasks?status=all')).json().tasks as { title: string }[];
    expect(rows.slice(1).map((row) => row[4])).toEqual(listed.map((task) => task.title));
    const open = openInGermanExcel((await cast.call('inspector', 'GET', '/tasks/export')).body);
    expect(open.slice(1).map((row) => row[6])).not.toContain('Erledigt');
    expect(open.length).toBeLessThan(rows.length);
    expect((await cast.call('inspector', 'GET', '/tasks/export?timeZone=Europe/Zurich;DROP')).statusCode).toBe(400);
    // A zone the platform does not know (a browser's alias) is no reason to refuse the file: the default zone.
    const unknown = await cast.call('inspector', 'GET', '/tasks/export?timeZone=Mars/Base');
    expect(openInGermanExcel(unknown.body)[0]?.[7]).toMatch(/^Fällig \(.+\)$/);
    expect(openInGermanExcel(unknown.body)[0]?.[7]).not.toContain('Mars');
    expect((await cast.call('inspector', 'GET', '/tasks/export?language=xx')).statusCode).toBe(400);
  });

  it('offers the upload template in the reader language, which the upload reads', async () => {
    const german = await cast.call('inspector', 'GET', '/tasks/upload-template');
    expect(german.headers['content-disposition']).toBe('attachment; filename="tasks-template-de-DE.csv"');
    const [header, example] = openInGermanExcel(german.body);
    expect(header).toEqual([
      'Titel',
      'Beschreibung',
      'Status',
      'Fällig',
      'Fällig bei Biegewechseln',
      'Komponente',
      'Prüfungsart',
    ]);
    expect(example?.slice(2)).toEqual(['Neu', '15.12.2026', '600000', 'Seil', 'A (1 m/s)']);
    const french = await cast.call('inspector', 'GET', '/tasks/upload-template?language=fr-FR');
    expect(openInGermanExcel(french.body)[0]?.[0]).toBe('Titre');
    const rope = (
      await seedRope(
        t.ctx.db,
        (
          await t.ctx.db.select().from(installations).where(eq(installations.name, 'Gornergrat'))
        )[0]!.id,
      )
    ).id;
    const response = await upload('inspector', `/ropes/${rope}/tasks/upload`, german.body);
    expect(response.statusCode).toBe(200);
    const ids = response.json().tasks.map((task: { id: number }) => task.id);
    const [row] = await t.ctx.db.select().from(tasks).where(inArray(tasks.id, ids));
    expect(row?.attributes).toMatchObject({ status: 'new', dueCondition: { threshold: 600000 }, component: 'rope' });
  });
});
