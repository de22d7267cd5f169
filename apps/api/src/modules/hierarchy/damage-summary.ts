import { ropes } from '@rope/db/schema/index';
import type { RopeDamages } from '@rope/domain/ropes';
import { sql } from 'drizzle-orm';

/** The largest stored rope damage below a parent, as SQL; null while no rope has been assessed. */
export const maxRopeDamage = sql<number | null>`max((${ropes.damages}->>'damage')::double precision)`;

export interface DamageView {
  damage: number;
  health: number;
}

export function toDamageView(damage: number | null | undefined): DamageView | null {
  if (damage === null || damage === undefined) return null;
  return { damage, health: Math.min(100, Math.max(0, 100 - damage)) };
}

export function ropeDamageView(damages: RopeDamages | null): DamageView | null {
  return damages ? { damage: damages.damage, health: damages.health } : null;
}
