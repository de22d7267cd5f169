/** Mantine colours of notificationStatusColour's answer (spec section 4). */
export const STATUS_MANTINE_COLOUR = { default: 'gray', warning: 'yellow', error: 'red' } as const;
