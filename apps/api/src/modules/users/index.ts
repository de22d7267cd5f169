/** Users and their mandators. Other modules reach it through this file only. */
export { mandatorMembers } from './mandator-members.ts';
export { shownEmail } from './shown-email.ts';
