// The zod side of the messages (the answer's schema, a rule's error option, a zod issue's message); the rest is in
// message-keys.ts (the catalogue) and message.ts (a message by key), which the web's first screens use without zod.
import { z } from 'zod';
import { type Message, message } from './message.ts';
import { englishText, isMessageKey, type MessageKey, type MessageParams } from './message-keys.ts';

export { type Message, message } from './message.ts';
export {
  englishText,
  isMessageKey,
  MESSAGE_KEYS,
  MESSAGES,
  type MessageKey,
  type MessageParams,
} from './message-keys.ts';

/** A message as an API answer carries it; the key is any text, so an older client still reads a newer answer. */
export const messageKeySchema = z.string().max(200);
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export const messageSchema = z.object({ key: messageKeySchema, params: messageParamsSchema.optional() });

/**
 * The zod error option of a rule: the issue carries the message in its `params` and the English text as its
 * `message`. Works for zod's own checks (`.min(1, keyed(...))`, `z.enum(X, keyed(...))`) as for refinements: zod
 * hands every error function the issue it is about to finish, and keeps the issue's own keys. Parameters that
 * change over time (this year) are given as a function.
 */
export function keyed(key: MessageKey, params?: MessageParams | (() => MessageParams)) {
  return {
    error: (issue: z.core.$ZodRawIssue) => {
      const tagged = message(key, typeof params === 'function' ? params() : params);
      (issue as { params?: Message }).params = tagged;
      return englishText(tagged);
    },
  };
}

/** The fields of a custom issue for `ctx.addIssue({ code: 'custom', path, ...ruleIssue(key) })`. */
export function ruleIssue(key: MessageKey, params?: MessageParams): { message: string; params: Message } {
  const tagged = message(key, params);
  return { message: englishText(tagged), params: tagged };
}

type Issue = z.core.$ZodIssue;

const toNumber = (value: number | bigint) => Number(value);

/** zod's own checks without a rule's key: a message by the kind of check. */
function checkMessage(issue: Issue): Message {
  switch (issue.code) {
    case 'too_small': {
      const min = toNumber(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? message('validation.required') : message('validation.tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set') {
        return min <= 1 ? message('validation.selectRequired') : message('validation.minItems', { min });
      }
      if (min === 0 && !issue.inclusive) return message('validation.positive');
      return message('validation.min', { min });
    }
    case 'too_big': {
      const max = toNumber(issue.maximum);
      if (issue.origin === 'string') return message('validation.textTooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return message('validation.maxItems', { max });
      return message('validation.max', { max });
    }
    case 'invalid_type':
      // A number input that holds no number (NaN); anything else missing is a value not given.
      return issue.expected === 'number' && 'received' in issue
        ? message('validation.invalidNumber')
        : message('validation.required');
    case 'invalid_value':
      return message('validation.selectRequired');
    case 'invalid_format':
      if (issue.format === 'email') return message('validation.emailInvalid');
      if (issue.format === 'datetime') return message('validation.invalidDateTime');
      if (issue.format === 'date') return message('validation.invalidDate');
      return message('validation.invalid');
    default:
      return message('validation.invalid');
  }
}

function taggedMessage(params: unknown): Message | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const { key, params: values } = params as { key?: unknown; params?: unknown };
  if (!isMessageKey(key)) return undefined;
  return typeof values === 'object' && values !== null ? { key, params: values as MessageParams } : { key };
}

/** The message of a zod issue: the rule's own key, or one by the kind of check for zod's plain checks. */
export function issueMessage(issue: Issue): Message {
  return taggedMessage((issue as { params?: unknown }).params) ?? checkMessage(issue);
}
