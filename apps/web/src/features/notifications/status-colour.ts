/** Mantine colours of notificationStatusColour's answer: grey when no rule is muted, yellow for some, red for all. */
export const STATUS_MANTINE_COLOUR = { default: 'gray', warning: 'yellow', error: 'red' } as const;
