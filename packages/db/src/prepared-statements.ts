import type postgres from 'postgres';

/** Statements with more parameters than this (inserts of many rows) go unnamed: each row count is another text. */
export const PREPARED_UP_TO_PARAMETERS = 64;
/** Texts longer than this go unnamed, as on the embedded database (patches/@electric-sql__pglite). */
export const PREPARED_UP_TO_LENGTH = 8 * 1024;
/** At most this many texts are kept per connection, as on the embedded database. */
export const PREPARED_TEXTS = 2000;

type Options = { prepare?: boolean; simple?: boolean } & Record<string, unknown>;

/**
 * One read without parameters (`select` or `with`, no second statement after a `;`): kept named too, as the embedded
 * database keeps every text. postgres.js sends a text without parameters by the simple protocol, planned afresh on
 * every call: reads whose conditions are all written into their text, as the cockpit's hottest are.
 * Anything else without parameters (schema changes, scripts of several statements) still goes the simple way.
 */
const SINGLE_READ = /^\s*(select|with)\b[^;]*;?\s*$/i;

/**
 * postgres.js under Drizzle as the embedded database runs it: every query with parameters is a named statement,
 * parsed and planned once per connection, not for every call. Drizzle asks postgres.js for an unnamed statement
 * unless a query is prepared by name, so PostgreSQL parsed and planned each of them again: in the busy morning's
 * mix (bench `load`) 25,427 plans for 44,179 statements, 6.8 s of planning in 30 s, about 0.23 of PostgreSQL's 0.56
 * cores. Transactions and savepoints hand their own client to Drizzle: it is wrapped the same way.
 */
export function preparingStatements<T extends postgres.Sql | postgres.TransactionSql>(
  client: T,
  kept = new Set<string>(),
): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, parameters: unknown[] | Options = [], options: Options = {}) => {
          // postgres.js also takes `unsafe(query, options)`.
          const [values, asked] = Array.isArray(parameters) ? [parameters, options] : [[], parameters];
          const prepare = keepsNamed(kept, query, values, asked);
          const protocol = prepare && values.length === 0 ? { simple: false } : {};
          return target.unsafe(query, values as never[], { ...asked, ...protocol, prepare });
        };
      }
      if (property === 'begin' || property === 'savepoint') {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => {
          const work = args.at(-1) as (inner: postgres.TransactionSql) => unknown;
          return open(...args.slice(0, -1), (inner: postgres.TransactionSql) => work(preparingStatements(inner, kept)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

function keepsNamed(kept: Set<string>, query: string, parameters: unknown[], options: Options): boolean {
  if (options.prepare) return true;
  if (options.simple || parameters.length > PREPARED_UP_TO_PARAMETERS) return false;
  if (parameters.length === 0 && !SINGLE_READ.test(query)) return false;
  if (query.length > PREPARED_UP_TO_LENGTH) return false;
  if (kept.has(query)) return true;
  if (kept.size >= PREPARED_TEXTS) return false;
  kept.add(query);
  return true;
}
