import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of this package, without types.
import { schemaTypes } from '../scripts/schema-types.mjs';

describe('the generated client', () => {
  it('is current with the released OpenAPI document (npm run api:release in apps/api writes both)', async () => {
    const checkedIn = await readFile(new URL('./schema.d.ts', import.meta.url), 'utf8');
    expect(checkedIn === (await schemaTypes()), 'run `npx -y pnpm@10.34.8 --filter @rope/api-client generate`').toBe(
      true,
    );
  }, 60_000);
});
