import type { LoginAnswer } from '@rope/domain/auth/session';

/**
 * The device keeps the last complete sign-in's answer (lib/device-store.ts), so that without a signal the app opens
 * as the person who used it last, with what the device kept for them. Only a network failure reads it: an answer
 * of the server (401 after the session expired) always wins, and the entries the person queued wait for their next
 * sign-in. Loaded on demand: the first screen's download does not carry IndexedDB's code.
 */
export async function keepSession(answer: LoginAnswer): Promise<void> {
  if (!answer.user || !answer.twoFactorComplete) return;
  const { openDeviceStore } = await import('../device-store');
  const db = await openDeviceStore();
  try {
    await db.put('session', { userId: answer.user.id, answer, keptAt: Date.now() }, 'current');
  } finally {
    db.close();
  }
}

/** The answer kept by the last sign-in on this device, if any. */
export async function readKeptSession(): Promise<LoginAnswer | undefined> {
  const { openDeviceStore } = await import('../device-store');
  const db = await openDeviceStore();
  try {
    return (await db.get('session', 'current'))?.answer;
  } finally {
    db.close();
  }
}
