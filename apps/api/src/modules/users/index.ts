/** Users and their mandators. Other modules reach it through this file only. */
export { mandatorMembers } from './mandator-members.ts';
export { pictureKeyOf, pictureUriFor } from './picture-key.ts';
export { shownEmail } from './shown-email.ts';
export { PICTURE_RULES } from './upload-picture.ts';
