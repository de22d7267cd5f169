import { describe, expect, it } from 'vitest';
import { readCsv } from '../csv.ts';
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
    expect(readCsv('a;b\n"x;1;y\n')).toEqual({ error: 'Row 2: a quoted field is not closed' });
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

  it('refuses the whole file at the first bad row, naming row and reason', () => {
    expect(parseTaskCsv('title,description,status\nA,B,new\nC,D,later\n', { needsRope: false })).toEqual({
      error: 'Row 3: status must be one of new, in-progress, done',
    });
    expect(parseTaskCsv('title,description,dueAt\nA,B,someday\n', { needsRope: false })).toEqual({
      error: 'Row 2: dueAt "someday" is not a date (use YYYY-MM-DD)',
    });
    expect(parseTaskCsv('title,description\nA,B\n', { needsRope: true })).toEqual({
      error: 'Row 1: the header lacks the column ropeId',
    });
    expect(parseTaskCsv('title,description\n,B\n', { needsRope: false })).toEqual({ error: 'Row 2: title is missing' });
  });
});
