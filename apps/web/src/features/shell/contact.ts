/** Where free users write to the provider (the footer's "Contact" link). */
export const CONTACT_EMAIL = 'service@rope-cockpit.example';
export const CONTACT_HREF = `mailto:${CONTACT_EMAIL}`;
