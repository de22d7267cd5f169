import { describe, expect, it } from 'vitest';
import { parseDumpData } from './copy-dump-into-embedded.ts';

// What pg_restore --data-only writes, with names only quoting makes possible.
const DUMP = [
  '--',
  '-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -',
  '--',
  '',
  'COPY public.users (id, email, "display name") FROM stdin;',
  '1\ta@test.example\tAnna',
  '2\tb@test.example\t\\N',
  '\\.',
  '',
  'COPY public."odd, (table)" ("a)b", "say ""hi""", c) FROM stdin;',
  '\\.',
  '',
  'COPY drizzle.__drizzle_migrations (id, hash, created_at) FROM stdin;',
  '1\tabc\t1700000000000',
  '\\.',
  '',
  "SELECT pg_catalog.setval('public.users_id_seq', 2, true);",
  'SELECT pg_catalog.setval(\'public."odd, (table)_id_seq"\', 1, false);',
  "SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 1, true);",
].join('\n');

describe("reading a dump's data", () => {
  it('reads every table, its columns and rows, quoted names included, and the public sequences only', () => {
    const { tables, sequences } = parseDumpData(DUMP);
    expect(tables.map(({ schema, table, columns, count }) => ({ schema, table, columns, count }))).toEqual([
      { schema: 'public', table: 'users', columns: ['id', 'email', 'display name'], count: 2 },
      { schema: 'public', table: 'odd, (table)', columns: ['a)b', 'say "hi"', 'c'], count: 0 },
      { schema: 'drizzle', table: '__drizzle_migrations', columns: ['id', 'hash', 'created_at'], count: 1 },
    ]);
    expect(tables[0]!.rows).toBe('1\ta@test.example\tAnna\n2\tb@test.example\t\\N\n');
    expect(tables[1]!.rows).toBe('');
    expect(sequences).toEqual([
      { name: 'users_id_seq', value: '2', called: true },
      { name: 'odd, (table)_id_seq', value: '1', called: false },
    ]);
  });

  it('refuses a table whose data has no end', () => {
    expect(() => parseDumpData('COPY public.users (id) FROM stdin;\n1\n')).toThrow(
      /The dump's data of users has no end/,
    );
  });
});
