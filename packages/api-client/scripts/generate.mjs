// Writes src/schema.d.ts, the types of every operation, from the released OpenAPI document
// (apps/api/openapi/v1.json, written by `npm run api:release` in apps/api, which runs this too).
import { writeFile } from 'node:fs/promises';
import { schemaTypes } from './schema-types.mjs';

const target = new URL('../src/schema.d.ts', import.meta.url);
await writeFile(target, await schemaTypes());
console.log(`wrote ${target.pathname}`);
