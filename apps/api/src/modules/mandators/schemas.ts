import { mandatorBodySchema } from '@rope/domain/user-forms';
import type { MandatorView } from '@rope/domain/views/mandators';
import { z } from 'zod';

export { mandatorAnswerSchema, mandatorListAnswerSchema } from '@rope/domain/views/mandators';
export { mandatorUsersAnswerSchema } from '@rope/domain/views/users';
export type MandatorAnswer = MandatorView;

export const mandatorCreateBodySchema = z.object({ mandator: mandatorBodySchema });
export const mandatorUpdateBodySchema = z.object({ mandator: mandatorBodySchema.partial() });
