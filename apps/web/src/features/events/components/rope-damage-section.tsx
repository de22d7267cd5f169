import type { RopeView } from '@rope/domain/views/hierarchy';

/** The rope page's damage charts with forecast and the full-screen damage view. */
export function RopeDamageSection(_props: { rope: RopeView }) {
  return null;
}
