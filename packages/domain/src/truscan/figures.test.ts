import { describe, expect, it } from 'vitest';
import { uploadSpeedKiBps, waitingHours } from './figures.ts';

describe('TRUscan figures', () => {
  it('shows the waiting time in hours: seconds divided by 3600', () => {
    expect(waitingHours(5_400)).toBe(1.5);
    expect(waitingHours(0)).toBe(0);
    expect(waitingHours(undefined)).toBeUndefined();
  });

  it('gives the upload speed in KiB/s, and none before any time has passed', () => {
    expect(uploadSpeedKiBps(2 * 1024 * 1024, 16)).toBe(128);
    expect(uploadSpeedKiBps(1024, 0)).toBeUndefined();
    expect(uploadSpeedKiBps(undefined, 3)).toBeUndefined();
  });
});
