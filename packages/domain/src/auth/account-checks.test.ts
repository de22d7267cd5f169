import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message } from '../message.ts';
import { issueMessage } from '../messages.ts';
import {
  type Checked,
  checkLoginForm,
  checkResetPasswordForm,
  checkResetRequestForm,
  checkSignInCodeForm,
  EMAIL_PATTERN,
} from './account-checks.ts';
import { resetPasswordFormSchema, resetRequestFormSchema, signInCodeFormSchema } from './account-forms.ts';
import { loginBodySchema } from './session.ts';

/** What a form makes of the schema's answer: the output, or the message of the first issue on each field. */
function schemaVerdict<Output>(schema: z.ZodType<Output>, input: unknown): Checked<Output> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const messages: Record<string, Message> = {};
  for (const issue of result.error.issues) messages[issue.path.map(String).join('.')] ??= issueMessage(issue);
  return { ok: false, messages };
}

// Texts near every rule's edge: blanks around them, lengths about each limit, letters, digits, symbols, addresses.
const piece = fc.constantFrom(' ', '  ', 'a', 'Z', 'ä', '1', '9', '-', '.', '@', '+', '_', "'", 'x.ch', '@b.ch', '!');
const text = fc.oneof(
  fc.array(piece, { maxLength: 30 }).map((parts) => parts.join('')),
  fc.tuple(fc.nat({ max: 260 }), fc.constantFrom('a', 'a1', ' ', 'x@y.ch')).map(([n, part]) => part.repeat(n)),
  fc.string({ maxLength: 60 }),
);

const cases = { numRuns: 2000 };

describe('the sign-in screen’s checks without zod', () => {
  it('use zod’s email pattern', () => {
    // zod escapes a hyphen at the end of a class, which biome drops.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-]', '-]'));
  });

  it('answer what loginBodySchema answers', () => {
    fc.assert(
      fc.property(text, text, (username, password) => {
        const values = { username, password };
        expect(checkLoginForm(values)).toEqual(schemaVerdict(loginBodySchema, values));
      }),
      cases,
    );
  });

  it('answer what resetRequestFormSchema answers', () => {
    for (const email of ['', '  ', 'a@b.ch', ' a@b.ch ', 'a@b', '.a@b.ch', `${'a'.repeat(40)}@b.com`, 'a..b@c.ch']) {
      expect(checkResetRequestForm({ email })).toEqual(schemaVerdict(resetRequestFormSchema, { email }));
    }
    fc.assert(
      fc.property(fc.oneof(text, fc.emailAddress()), (email) => {
        expect(checkResetRequestForm({ email })).toEqual(schemaVerdict(resetRequestFormSchema, { email }));
      }),
      cases,
    );
  });

  it('answer what resetPasswordFormSchema answers', () => {
    for (const password of [
      '',
      ' ',
      ' secret12',
      'abc1',
      'abcdefgh',
      '12345678',
      `a1${'x'.repeat(49)}`,
      'rope-demo1',
    ]) {
      expect(checkResetPasswordForm({ password })).toEqual(schemaVerdict(resetPasswordFormSchema, { password }));
    }
    fc.assert(
      fc.property(text, (password) => {
        expect(checkResetPasswordForm({ password })).toEqual(schemaVerdict(resetPasswordFormSchema, { password }));
      }),
      cases,
    );
  });

  it('answer what signInCodeFormSchema answers', () => {
    fc.assert(
      fc.property(text, (code) => {
        expect(checkSignInCodeForm({ code })).toEqual(schemaVerdict(signInCodeFormSchema, { code }));
      }),
      cases,
    );
  });
});
