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
  return answerEtag('damage', [
    ANSWER_FORMAT,
    inputs.appVersion,
    inputs.eventsStamp,
    inputs.ropeAttributes,
    inputs.loopLength ?? null,
    inputs.damageFilter ?? null,
    inputs.dateFilter ?? null,
    inputs.from ?? null,
    inputs.to ?? null,
  ]);
}

/** Raised when the loss chart's answer changes its format. */
const LOSS_ANSWER_FORMAT = 1;

export interface LossAnswerInputs {
  appVersion: string;
  eventsStamp: string;
  ropeAttributes: unknown;
  /** The installation's rate of bending cycles estimates the points' cycles. */
  installationAttributes: unknown;
  loopLength: number | null | undefined;
  xAxis: string;
  rangeFrom: string | undefined;
  rangeTo: string | undefined;
  points: number | undefined;
}

/** The ETag of a loss-over-target answer: a digest of everything it is made of (it reads no clock). */
export function lossChartEtag(inputs: LossAnswerInputs): string {
  return answerEtag('loss', [
    LOSS_ANSWER_FORMAT,
    inputs.appVersion,
    inputs.eventsStamp,
    inputs.ropeAttributes,
    inputs.installationAttributes,
    inputs.loopLength ?? null,
    inputs.xAxis,
    inputs.rangeFrom ?? null,
    inputs.rangeTo ?? null,
    inputs.points ?? null,
  ]);
}

function answerEtag(kind: string, madeOf: unknown[]): string {
  const digest = createHash('sha256').update(JSON.stringify(madeOf)).digest('base64url');
  return `W/"${kind}-${digest.slice(0, 32)}"`;
}
