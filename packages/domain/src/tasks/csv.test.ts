import { describe, expect, it } from 'vitest';
import { readCsv } from '../csv.ts';
import { englishText, type Message } from '../message-keys.ts';
import { parseTaskCsv } from './csv.ts';

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
      {
        needsRope: false,
      },
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
      const result = parseTaskCsv(text, { needsRope });
      if (!('error' in result)) throw new Error('expected a refusal');
      return [result.error, englishText(result.error)] as [Message, string];
    };
    expect(refusal('title,description,status\nA,B,new\nC,D,later\n')).toEqual([
      { key: 'app.errors.csvNotOneOf', params: { column: 'status', values: 'new, in-progress, done', row: 3 } },
      'Row 3: status must be one of new, in-progress, done',
    ]);
    expect(refusal('title,description,dueAt\nA,B,someday\n')).toEqual([
      { key: 'app.errors.csvNotADate', params: { column: 'dueAt', value: 'someday', row: 2 } },
      'Row 2: dueAt "someday" is not a date (use YYYY-MM-DD)',
    ]);
    expect(refusal('title,description\nA,B\n', true)).toEqual([
      { key: 'app.errors.csvColumnsMissing', params: { columns: 'ropeId' } },
      'Row 1: the header lacks the column ropeId',
    ]);
    expect(refusal('title,description\n,B\n')[1]).toBe('Row 2: title is missing');
    expect(refusal('description\nB\n')[1]).toBe('Row 1: the header lacks the column title');
    expect(refusal('title,description\nA,\n')[1]).toBe('Row 2: description is missing');
    expect(refusal(`title,description\n${'x'.repeat(300)},B\n`)[1]).toMatch(/^Row 2: title is longer than \d+$/);
    expect(refusal('ropeId,title,description\nabc,A,B\n', true)).toEqual([
      { key: 'app.errors.csvValueInvalid', params: { row: 2, column: 'ropeId' } },
      'Row 2: ropeId is not valid',
    ]);
    expect(refusal('title,description\n')).toEqual([{ key: 'app.errors.csvNoTasks' }, 'The file has no tasks']);
  });
});
