import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { emptyTemplateOf, loadDemoTemplate } from './demo-data.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory with the demo data loaded, made once per run; demo servers start from a copy of it. */
    demoDataDir: string;
    /** An empty, migrated data directory made once per run: servers without the demo start from a copy of it. */
    emptyDataDir: string;
    /** A server on a copy of the demo data that the every-screen files of the five roles share (each signs in as its own user). */
    sharedDemoServerUrl: string;
  }
}

/**
 * The demo data (a year of hourly sensor readings) for the whole run, loaded once: every browser test file that wants
 * the demo starts its own server on a copy of this directory, in seconds instead of a minute or more each. `npm test`
 * loads it while the API tests run and names it in DEMO_TEMPLATE_DIR; a run of its own loads it here.
 */
export default async function setup(project: TestProject) {
  const prepared = process.env.DEMO_TEMPLATE_DIR;
  const template =
    prepared && existsSync(join(prepared, 'db')) && existsSync(join(emptyTemplateOf(prepared), 'db'))
      ? prepared
      : await loadDemoTemplate();
  project.provide('demoDataDir', template);
  project.provide('emptyDataDir', emptyTemplateOf(template));
  // Started here, after the template, so it starts from a copy of it like the files' own servers.
  const shared = await startServer({ DEMO_DATA: 'true' }, { copyOf: template });
  project.provide('sharedDemoServerUrl', shared.url);
  return async () => {
    const sharedCode = await shared.stop();
    rmSync(template, { recursive: true, force: true });
    rmSync(emptyTemplateOf(template), { recursive: true, force: true });
    // A clean shutdown (SIGTERM, running work finished) is part of what every browser test checks.
    if (sharedCode !== 0)
      throw new Error(`the shared demo server did not stop cleanly (exit ${sharedCode}):\n${shared.output()}`);
  };
}
