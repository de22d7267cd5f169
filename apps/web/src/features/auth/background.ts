/** How many pictures public/login holds: bg-1.svg ... bg-6.svg. */
export const LOGIN_BACKGROUND_COUNT = 6;

/** One of the login backgrounds, chosen at random for each visit. */
export function randomBackground(random: () => number = Math.random): string {
  const index = Math.min(LOGIN_BACKGROUND_COUNT, Math.floor(random() * LOGIN_BACKGROUND_COUNT) + 1);
  return `/login/bg-${index}.svg`;
}
