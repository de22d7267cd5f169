import { type Actor, can } from '../access/actor.ts';

/**
 * The users of a mandator: admins (mandator management) for any mandator; client admins (edit-own) for their
 * own mandators, since those are the users they manage anyway.
 */
export function mayListMandatorUsers(actor: Actor, mandatorId: number): boolean {
  if (can(actor, 'MANDATOR_MANAGE')) return true;
  return can(actor, 'USER_EDIT_OWN') && actor.mandatorIds.includes(mandatorId);
}
