import { uploadSpeedKiBps } from '@rope/domain/truscan/figures';

export interface UploadProgress {
  percent: number;
  /** KiB/s since the upload began; none in its first tenth of a second. */
  kibPerSecond: number | undefined;
}

/** How far an upload is and how fast it goes, from the bytes sent, the bytes in all and the ms since it began. */
export function uploadProgress(loaded: number, total: number, elapsedMs: number): UploadProgress {
  const percent = total > 0 ? Math.min(100, Math.max(0, Math.round((loaded / total) * 100))) : 0;
  return { percent, kibPerSecond: elapsedMs < 100 ? undefined : uploadSpeedKiBps(loaded, elapsedMs / 1000) };
}
