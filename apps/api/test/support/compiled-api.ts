// @ts-expect-error: a plain script, without type declarations.
import { buildApiIfStale } from '../../scripts/build.mjs';

/**
 * The API tests' global set-up: tests that start the server or the worker as processes run them compiled, as
 * production does (`dist/`), which is built here when a source is newer (half a second) and otherwise left alone.
 */
export default async function setup() {
  await buildApiIfStale();
}
