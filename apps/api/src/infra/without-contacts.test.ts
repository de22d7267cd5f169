import { describe, expect, it } from 'vitest';
import { withoutContacts } from './without-contacts.ts';

describe('withoutContacts', () => {
  it('takes the addresses and numbers out of a refusal, and leaves the status codes', () => {
    expect(withoutContacts('550 5.1.1 <anna.muster+cockpit@bergbahnen.example.ch>: Recipient address rejected')).toBe(
      '550 5.1.1 <<address>>: Recipient address rejected',
    );
    expect(withoutContacts("The 'To' number +41 79 123 45 67 is not a valid mobile number")).toBe(
      "The 'To' number <number> is not a valid mobile number",
    );
    expect(withoutContacts('Invalid destination 0041791234567 (code 21211)')).toBe(
      'Invalid destination <number> (code 21211)',
    );
    expect(withoutContacts('Non-Network Number 079 123 45 67')).toBe('Non-Network Number <number>');
    expect(withoutContacts('421 4.7.0 Try again later, attempt 2 of 5')).toBe(
      '421 4.7.0 Try again later, attempt 2 of 5',
    );
    expect(withoutContacts('timed out after 300 ms')).toBe('timed out after 300 ms');
  });
});
