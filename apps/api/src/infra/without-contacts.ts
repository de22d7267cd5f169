// A mail server's or SMS provider's refusal often quotes whom it refused ("550 5.1.1 <anna@example.com>: no such
// user", "+41 79 123 45 67 is not a mobile number"): the log keeps the reason without them.
const MAIL_ADDRESS = /[^\s<>@"'(),;:]+@[^\s<>@"'(),;:]+\.[A-Za-z]{2,}/g;
// A number in international form (+ or 00 first), or any run of nine digits or more however it is grouped.
const PHONE_NUMBER = /(?:\+|\b00)\d(?:[\s().-]?\d){6,}|\b\d(?:[\s().-]?\d){8,}/g;

/** The text with each mail address and phone number replaced by a placeholder. */
export function withoutContacts(text: string): string {
  return text.replace(MAIL_ADDRESS, '<address>').replace(PHONE_NUMBER, '<number>');
}
