import { describe, expectTypeOf, it } from 'vitest';
import type { CockpitClient } from './index.ts';

const getRope = (client: CockpitClient) => client.GET('/api/ropes/{id}', { params: { path: { id: '1' } } });
type Damages = NonNullable<Awaited<ReturnType<typeof getRope>>['data']>['rope']['damages'];
type UnknownDamage = Extract<Damages, { status: 'unknown' }>;

// Checked by `tsc --noEmit` in .ci/run: openapi-fetch 0.17 drops a key whose type is exactly null, as the damage of
// a rope that cannot be judged (`damage: null, health: null`); patches/openapi-typescript-helpers@0.1.0.patch keeps it.
describe('the answer types keep fields that are null only', () => {
  it('keep the damage and health of a rope whose damage is unknown', () => {
    expectTypeOf<'damage' | 'health'>().toExtend<keyof UnknownDamage>();
    expectTypeOf<UnknownDamage['damage']>().toEqualTypeOf<null>();
    expectTypeOf<UnknownDamage['health']>().toEqualTypeOf<null>();
  });
});
