/** Forgets everything this device kept of one user (lib/device-store.ts), loading IndexedDB's code only then. */
export async function forgetUserOnDevice(userId: number): Promise<void> {
  const { forgetUser, openDeviceStore } = await import('./device-store');
  const db = await openDeviceStore();
  try {
    await forgetUser(db, userId);
  } finally {
    db.close();
  }
}
