import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Env } from '../../env.ts';
import { type Job, type JobRequest, RefusedJobError } from './types.ts';

type Payload = Record<string, unknown>;

/**
 * One kind of job: where it runs, what it carries, what it does. The inline queue and the worker run the same. The
 * module that owns the work defines it; the job registry (src/jobs/registry.ts) lists it and holds its queue to one
 * the registry knows.
 */
export interface JobDefinition<P extends Payload = Payload, Q extends string = string> {
  queue: Q;
  name: string;
  /** Checked when the job is asked for and again when it runs: a payload that fails is refused, never retried. */
  payload: z.ZodType<P>;
  /** Runs before it is given up; 5 unless set. */
  maxAttempts?: number;
  /** A scheduled job runs at this interval, with an empty payload; not at all where this answers undefined. */
  every?: (env: Env) => number | undefined;
  /** Runs at least once per job: a repeat (a crash after the work, a redelivery) must change nothing. */
  handle(ctx: AppContext, payload: P, job: Job): Promise<void>;
}

/** What those who ask for a job know of it: where it runs and what it carries, not its work. */
export type JobContract<P extends Payload = Payload> = Pick<
  JobDefinition<P>,
  'queue' | 'name' | 'payload' | 'maxAttempts'
>;

export function defineJob<P extends Payload, const Q extends string>(
  definition: JobDefinition<P, Q>,
): JobDefinition<P, Q> {
  return definition;
}

/** The payload as the definition reads it, or a RefusedJobError naming what is wrong. */
export function readPayload<P extends Payload>(definition: JobContract<P>, payload: unknown): P {
  const parsed = definition.payload.safeParse(payload);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`);
  throw new RefusedJobError(`${definition.queue}/${definition.name} refuses its payload (${problems.join('; ')})`);
}

/**
 * A request for one job, for `ctx.queue.enqueue`: two requests with the same idempotency key become one job. A
 * payload the definition refuses throws here, before anything is written.
 */
export function jobRequest<P extends Payload>(
  definition: JobContract<P>,
  payload: P,
  idempotencyKey: string,
): JobRequest {
  return {
    queue: definition.queue,
    name: definition.name,
    payload: readPayload(definition, payload),
    idempotencyKey,
    ...(definition.maxAttempts ? { maxAttempts: definition.maxAttempts } : {}),
  };
}
