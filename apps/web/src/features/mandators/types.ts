/** A row of GET /api/mandators. */
export interface Mandator {
  id: number;
  name: string;
  /** 0 or absent: passwords never expire. */
  passwordExpiryDays?: number | null;
  /** False while areas or users are assigned to it. */
  canBeDeleted: boolean;
}
