import type { MandatorView } from '@rope/domain/mandators/views';
import { mandatorBodySchema } from '@rope/domain/users/forms';
import { z } from 'zod';

export { mandatorAnswerSchema, mandatorListAnswerSchema } from '@rope/domain/mandators/views';
export { mandatorUsersAnswerSchema } from '@rope/domain/users/views';
export type MandatorAnswer = MandatorView;

export const mandatorCreateBodySchema = z.object({ mandator: mandatorBodySchema });
export const mandatorUpdateBodySchema = z.object({ mandator: mandatorBodySchema.partial() });
