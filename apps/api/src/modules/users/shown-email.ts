import { users } from '@rope/db/schema/index';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A user's address as every screen shows it: the one a client admin gave, for a user whose address belongs to
 * someone they cannot see (`requested_email`, docs/auth.md "Addresses in use"), else the stored one. Sign-in,
 * resets and mails use `users.email` only.
 */
export const shownEmail = (): SQL<string> => sql<string>`coalesce(${users.requestedEmail}, ${users.email})`;
