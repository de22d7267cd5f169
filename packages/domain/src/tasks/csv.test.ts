import { describe, expect, it } from 'vitest';
import { readCsv, type SheetReader } from '../csv.ts';
import { TEST_TASK_CSV_TEXTS as TASK_CSV_TEXTS } from '../csv-test-texts.ts';
import { LANGUAGES } from '../languages.ts';
import type { Message } from '../message.ts';
import { englishText } from '../message-keys.ts';
import {
  taskCsv as exported,
  parseTaskCsv as parse,
  type TaskCsvReader,
  type TaskCsvTask,
  taskCsvTemplate,
} from './csv.ts';

const parseTaskCsv = (text: string, reader: TaskCsvReader) => parse(text, reader, TASK_CSV_TEXTS);
const taskCsv = (reader: SheetReader, tasks: readonly TaskCsvTask[]) => exported(reader, tasks, TASK_CSV_TEXTS);

const english = { language: 'en-US', timeZone: 'UTC', needsRope: false } as const;
const german = { language: 'de-DE', timeZone: 'Europe/Zurich', needsRope: false } as const;

describe('task CSV upload', () => {
  it('parses quoted fields, doubled quotes, semicolons and a BOM', () => {
    expect(readCsv('\uFEFFa;b\n"x;1";"say ""hi"""\r\n')).toEqual({
      rows: [
        ['a', 'b'],
        ['x;1', 'say "hi"'],
      ],
    });
    expect(readCsv('a,b\r\n"x,1","two\nlines"\r\n,\r\n')).toEqual({
      rows: [
        ['a', 'b'],
        ['x,1', 'two\nlines'],
      ],
    });
    expect(readCsv('a\tb\nx\ty\n')).toEqual({
      rows: [
        ['a', 'b'],
        ['x', 'y'],
      ],
    });
    expect(readCsv('a;b\n"x;1;y\n')).toEqual({ error: { key: 'app.errors.csvQuoteNotClosed', params: { row: 2 } } });
  });

  it('creates one task a row', () => {
    const result = parseTaskCsv(
      'title,description,dueAt,status,component,inspectionType\nMRT,Annual MRT,2026-12-01,new,rope,A (1 m/s)\n',
      english,
    );
    expect(result).toEqual({
      rows: [
        {
          ropeId: undefined,
          attributes: {
            title: 'MRT',
            description: 'Annual MRT',
            dueAt: '2026-12-01T00:00:00.000Z',
            status: 'new',
            component: 'rope',
            inspectionType: 'A (1 m/s)',
            isRecurring: false,
            recurringConditions: [],
            isInternal: false,
          },
        },
      ],
    });
  });

  it('refuses the whole file at the first bad row, naming row and reason by key, in the English of before', () => {
    const refusal = (text: string, needsRope = false) => {
      const result = parseTaskCsv(text, { ...english, needsRope });
      if (!('error' in result)) throw new Error('expected a refusal');
      return [result.error, englishText(result.error)] as [Message, string];
    };
    expect(refusal('title,description,status\nA,B,new\nC,D,later\n')).toEqual([
      { key: 'app.errors.csvNotOneOf', params: { column: 'status', values: 'New, In progress, Finished', row: 3 } },
      'Row 3: status must be one of New, In progress, Finished',
    ]);
    expect(refusal('title,description,dueAt\nA,B,someday\n')).toEqual([
      { key: 'app.errors.csvNotADate', params: { column: 'dueAt', value: 'someday', example: '2026-12-15', row: 2 } },
      'Row 2: dueAt "someday" is not a date (e.g. 2026-12-15)',
    ]);
    expect(refusal('title,description\nA,B\n', true)).toEqual([
      { key: 'app.errors.csvColumnsMissing', params: { columns: 'Rope ID' } },
      'Row 1: the header lacks the column Rope ID',
    ]);
    expect(refusal('title,description\n,B\n')[1]).toBe('Row 2: title is missing');
    expect(refusal('description\nB\n')[1]).toBe('Row 1: the header lacks the column Title');
    expect(refusal('title,description\nA,\n')[1]).toBe('Row 2: description is missing');
    expect(refusal(`title,description\n${'x'.repeat(300)},B\n`)[1]).toMatch(/^Row 2: title is longer than \d+$/);
    expect(refusal('ropeId,title,description\nabc,A,B\n', true)).toEqual([
      { key: 'app.errors.csvNotAWholeNumber', params: { row: 2, column: 'ropeId', value: 'abc' } },
      'Row 2: ropeId "abc" is not a whole number of at least 1',
    ]);
    expect(refusal('title,description\n')).toEqual([{ key: 'app.errors.csvNoTasks' }, 'The file has no tasks']);
  });

  it('reads a German Excel file: semicolons, German headers and labels, 15.12.2026, 600.000, midnight in Zurich', () => {
    const file =
      'Titel;Beschreibung;Fällig;Status;Komponente;Prüfungsart;Fällig bei Biegewechseln\r\n' +
      '"Magnetprüfung";"Jährlich; ganzes Seil";15.12.2026;In Bearbeitung;Spleiss;C (0.3 m/s);600.000\r\n' +
      'Sichtkontrolle;Täglich;2026-12-16;erledigt;SEIL;;\r\n';
    const result = parseTaskCsv(file, german);
    if ('error' in result) throw new Error(JSON.stringify(result.error));
    expect(result.rows.map((row) => row.attributes)).toEqual([
      {
        title: 'Magnetprüfung',
        description: 'Jährlich; ganzes Seil',
        status: 'in-progress',
        dueAt: '2026-12-14T23:00:00.000Z',
        dueCondition: { type: 'bendingCycles', threshold: 600000 },
        component: 'splice',
        inspectionType: 'C (0.3 m/s)',
        isRecurring: false,
        recurringConditions: [],
        isInternal: false,
      },
      {
        title: 'Sichtkontrolle',
        description: 'Täglich',
        status: 'done',
        dueAt: '2026-12-15T23:00:00.000Z',
        component: 'rope',
        isRecurring: false,
        recurringConditions: [],
        isInternal: false,
      },
    ]);
  });

  it('reads French and Spanish files: their headers, 15/12/2026, grouped numbers with (narrow) no-break spaces', () => {
    const french = parseTaskCsv(
      "Titre;Description;Échéance;Statut;Composant;Type d'inspection;Échéance en cycles de flexion\n" +
        'Contrôle;Câble entier;15/12/2026;Nouvelle;Épissure;A (1 m/s);1\u202f234\u202f000\n' +
        'Contrôle 2;Câble;01/02/2027 08:30;Terminée;Câble;;600 000\n',
      { ...german, language: 'fr-FR' },
    );
    if ('error' in french) throw new Error(JSON.stringify(french.error));
    expect(french.rows.map((row) => [row.attributes.dueAt, row.attributes.status, row.attributes.component])).toEqual([
      ['2026-12-14T23:00:00.000Z', 'new', 'splice'],
      ['2027-02-01T07:30:00.000Z', 'done', 'rope'],
    ]);
    expect(french.rows.map((row) => row.attributes.dueCondition?.threshold)).toEqual([1234000, 600000]);
    const spanish = parseTaskCsv(
      'Título;Descripción;Vencimiento;Estado;Componente;Vencimiento en ciclos de flexión\n' +
        'Ensayo;Cable entero;15/12/2026;En curso;Empalme;1.234.000\n',
      { ...german, language: 'es-ES', timeZone: 'Pacific/Auckland' },
    );
    if ('error' in spanish) throw new Error(JSON.stringify(spanish.error));
    expect(spanish.rows[0]?.attributes).toMatchObject({
      dueAt: '2026-12-14T11:00:00.000Z',
      status: 'in-progress',
      component: 'splice',
      dueCondition: { type: 'bendingCycles', threshold: 1234000 },
    });
  });

  it('names the row and the column as the file names it when a German cell is bad', () => {
    const refusal = (text: string) => {
      const result = parseTaskCsv(text, german);
      if (!('error' in result)) throw new Error('expected a refusal');
      return result.error;
    };
    expect(refusal('Titel;Beschreibung;Fällig\nA;B;15.12.2026\nC;D;31.02.2026\n')).toEqual({
      key: 'app.errors.csvNotADate',
      params: { row: 3, column: 'Fällig', value: '31.02.2026', example: '15.12.2026' },
    });
    expect(refusal('Titel;Beschreibung;Fällig bei Biegewechseln\nA;B;1.234,50\n')).toEqual({
      key: 'app.errors.csvNotAWholeNumber',
      params: { row: 2, column: 'Fällig bei Biegewechseln', value: '1.234,50' },
    });
    expect(refusal('Titel;Beschreibung;Status\nA;B;später\n')).toEqual({
      key: 'app.errors.csvNotOneOf',
      params: { row: 2, column: 'Status', values: 'Neu, In Bearbeitung, Erledigt' },
    });
    expect(refusal('Titel;Notiz\nA;B\n')).toEqual({
      key: 'app.errors.csvColumnsMissing',
      params: { columns: 'Beschreibung' },
    });
  });

  const task: TaskCsvTask = {
    rope: { id: 7, name: 'Förderseil' },
    installation: { name: 'Gornergrat' },
    area: { name: 'Zermatt' },
    attributes: {
      title: 'Magnetprüfung',
      description: '=Jährlich, "ganz"',
      status: 'in-progress',
      dueAt: '2026-12-14T23:00:00.000Z',
      dueCondition: { type: 'bendingCycles', threshold: 600000 },
      component: 'splice',
      inspectionType: 'B (0 m/s)',
      isRecurring: false,
      recurringConditions: [],
      isInternal: false,
    },
    pastDue: true,
    assignedUsers: [{ name: 'Jörg Zürcher' }, { name: 'Anna Muster' }],
    createdAt: '2026-11-28T21:51:00.000Z',
  };

  it('exports the tasks for a German Excel and reads the file back as the same tasks', () => {
    const reader = { language: 'de-DE', timeZone: 'Europe/Zurich' } as const;
    const csv = taskCsv(reader, [task]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      '"Seil-ID";"Seil";"Anlage";"Gebiet";"Titel";"Beschreibung";"Status";"Fällig (Europe/Zurich)";' +
        '"Fällig bei Biegewechseln";"Überfällig";"Komponente";"Prüfungsart";"Zugewiesen an";"Erstellt (Europe/Zurich)"',
    );
    expect(row).toBe(
      '"7";"Förderseil";"Gornergrat";"Zermatt";"Magnetprüfung";"\'=Jährlich, ""ganz""";"In Bearbeitung";"15.12.2026";' +
        '"600000";"ja";"Spleiß";"B (0 m/s)";"Jörg Zürcher, Anna Muster";"28.11.2026 22:51"',
    );
    const back = parseTaskCsv(csv, { ...reader, needsRope: true });
    if ('error' in back) throw new Error(JSON.stringify(back.error));
    // The apostrophe that kept the formula from running is dropped again.
    expect(back.rows).toEqual([{ ropeId: 7, attributes: task.attributes }]);
  });

  it('round-trips the export in every language and zone', () => {
    for (const language of LANGUAGES)
      for (const timeZone of ['Europe/Zurich', 'Pacific/Auckland', 'America/New_York']) {
        const plain = { ...task, attributes: { ...task.attributes, description: 'Jährlich' } };
        const back = parseTaskCsv(taskCsv({ language, timeZone }, [plain]), { language, timeZone, needsRope: true });
        expect(back).toEqual({ rows: [{ ropeId: 7, attributes: plain.attributes }] });
      }
  });

  it('offers a template the upload reads, in each language', () => {
    for (const language of LANGUAGES) {
      const reader = { language, timeZone: 'Europe/Zurich' };
      const template = taskCsvTemplate(reader, TASK_CSV_TEXTS);
      expect(template.split('\r\n')[0]).toContain(TASK_CSV_TEXTS[language].columns.title);
      const read = parseTaskCsv(template, { ...reader, needsRope: false });
      if ('error' in read) throw new Error(JSON.stringify(read.error));
      expect(read.rows[0]?.attributes).toMatchObject({
        status: 'new',
        dueAt: '2026-12-14T23:00:00.000Z',
        dueCondition: { threshold: 600000 },
      });
    }
  });
});
