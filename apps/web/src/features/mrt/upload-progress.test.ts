import { describe, expect, it } from 'vitest';
import { uploadProgress } from './upload-progress';

describe('TRUscan upload progress', () => {
  it('tells the share sent and the speed in KiB/s', () => {
    expect(uploadProgress(512 * 1024, 2048 * 1024, 2000)).toEqual({ percent: 25, kibPerSecond: 256 });
    expect(uploadProgress(3, 3, 1000)).toEqual({ percent: 100, kibPerSecond: 3 / 1024 });
  });

  it('has no speed before the upload has run a moment, and no share of nothing', () => {
    expect(uploadProgress(1000, 2000, 50)).toEqual({ percent: 50, kibPerSecond: undefined });
    expect(uploadProgress(0, 0, 1000)).toEqual({ percent: 0, kibPerSecond: 0 });
  });
});
