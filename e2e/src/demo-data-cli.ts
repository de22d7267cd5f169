import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadDemoTemplate } from './demo-data.ts';

// `npm test` loads the demo for the browser tests while the API tests run (scripts/cockpit.mjs): the directory's path
// goes to the file named, and the browser tests start from it (DEMO_TEMPLATE_DIR, demo-template.ts).
const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: demo-data-cli.ts <file to write the data directory to>');
const dataDir = await loadDemoTemplate();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, dataDir);
