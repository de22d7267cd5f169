import { createHash } from 'node:crypto';

/** Raised when the answer's format changes, so that no browser keeps an answer of the old one. */
const ANSWER_FORMAT = 2;

export interface DamageAnswerInputs {
  /** The API's version: the rule sets and the computation are code. */
  appVersion: string;
  /** rope_damage_stamps: renewed whenever the rope's events change, however. */
  eventsStamp: string;
  ropeAttributes: unknown;
  loopLength: number | null | undefined;
  damageFilter: string | undefined;
  dateFilter: string | undefined;
  from: number | undefined;
  to: number | undefined;
}

/**
 * The ETag of a damage chart answer: a digest of everything the answer is made of. Weak, since the same answer goes
 * out as brotli, gzip or plain bytes.
 */
export function damageChartEtag(inputs: DamageAnswerInputs): string {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        ANSWER_FORMAT,
        inputs.appVersion,
        inputs.eventsStamp,
        inputs.ropeAttributes,
        inputs.loopLength ?? null,
        inputs.damageFilter ?? null,
        inputs.dateFilter ?? null,
        inputs.from ?? null,
        inputs.to ?? null,
      ]),
    )
    .digest('base64url');
  return `W/"damage-${digest.slice(0, 32)}"`;
}
