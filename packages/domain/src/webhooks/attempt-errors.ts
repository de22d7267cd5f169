/**
 * Why a delivery attempt failed, as the API records it (in English, for integrators reading the deliveries) and as
 * the web reads it back to say it in the user's language. One place writes and reads the forms.
 */
export const attemptError = {
  answered: (status: number) => `answered ${status}`,
  redirect: (status: number) => `answered ${status}: redirects are not followed`,
  timedOut: (ms: number) => `timed out after ${ms} ms`,
  refused: (detail: string) => `refused: ${detail}`,
};

export type AttemptFailure =
  | { kind: 'answered' | 'redirect'; status: number }
  | { kind: 'timedOut'; seconds: number }
  | { kind: 'refused' | 'other'; detail: string };

/** The failure an attempt's error names; a connection error of the network is `other`, its text kept. */
export function readAttemptError(error: string): AttemptFailure {
  const redirect = /^answered (\d+): redirects are not followed$/.exec(error);
  if (redirect) return { kind: 'redirect', status: Number(redirect[1]) };
  const answered = /^answered (\d+)$/.exec(error);
  if (answered) return { kind: 'answered', status: Number(answered[1]) };
  const timedOut = /^timed out after (\d+) ms$/.exec(error);
  if (timedOut) return { kind: 'timedOut', seconds: Number(timedOut[1]) / 1000 };
  if (error.startsWith('refused: ')) return { kind: 'refused', detail: error.slice('refused: '.length) };
  return { kind: 'other', detail: error };
}
