/**
 * The performance mark set once the field's code has loaded (warm-field-code.ts): the browser tests, and a support
 * session's performance panel, can tell from it that the field's dialogs open without a signal from then on.
 */
export const FIELD_CODE_WARM = 'rope:field-code-warm';
