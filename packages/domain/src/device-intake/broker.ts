import { z } from 'zod';
import { messageSchema } from '../messages.ts';

/** Where a device or smartrope stands on the MQTT broker; the password is never part of it. */
export const brokerAccessViewSchema = z.object({
  /** False when the cockpit administers no broker (MQTT_ADMIN_*): devices then use the HTTP import. */
  configured: z.boolean(),
  /** Its broker client, once provisioned. */
  username: z.string().nullable(),
  /** False when never provisioned or revoked. */
  enabled: z.boolean(),
  /** The topics it may publish to, and the one it may subscribe to. */
  publish: z.array(z.string()),
  subscribe: z.array(z.string()),
});
export type BrokerAccessView = z.infer<typeof brokerAccessViewSchema>;
export const brokerAccessAnswerSchema = z.object({ brokerAccess: brokerAccessViewSchema });

/** Fresh credentials: the password is shown this once and stored nowhere in the cockpit. */
export const brokerCredentialsSchema = z.object({
  username: z.string(),
  password: z.string(),
  publish: z.array(z.string()),
  subscribe: z.array(z.string()),
});
export type BrokerCredentials = z.infer<typeof brokerCredentialsSchema>;
export const brokerCredentialsAnswerSchema = z.object({ brokerCredentials: brokerCredentialsSchema });

/**
 * What registering a device adds to its answer: the credentials of its new broker client when the cockpit
 * administers one, else why not (the device is registered either way; new credentials can be asked for later).
 */
export const brokerOnCreateSchema = z.object({
  brokerCredentials: brokerCredentialsSchema.optional(),
  brokerProblem: messageSchema.optional(),
});
