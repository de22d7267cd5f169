import type { truscanMeasurements } from '@rope/db/schema/index';
import { samplePositionM } from '@rope/domain/mrt/mea/format';
import type { MeaMeasurementView } from '@rope/domain/mrt/schemas';

type MeasurementRow = typeof truscanMeasurements.$inferSelect;

/** Metres rounded to the millimetre: what a position is stored and shown as. */
export const toMillimetre = (metres: number) => Math.round(metres * 1000) / 1000;

/** The datum position of a sample of the measurement (device position + the rope's positionOffset), m. */
export function datumPositionOf(row: MeasurementRow, index: number, positionOffset: number): number {
  return toMillimetre(samplePositionM(row, index) + positionOffset);
}

export function candidatesAtDefault(row: MeasurementRow): number {
  return row.analysis.peaks.filter((peak) => peak.amplitude >= row.analysis.defaultThreshold).length;
}

export function toMeasurementView(row: MeasurementRow, positionOffset: number, isNew: boolean): MeaMeasurementView {
  return {
    ropeEvent: { id: row.eventId },
    fileName: row.fileName,
    recordedAt: row.recordedAt.toISOString(),
    bitDepth: row.bitDepth,
    channelCount: row.channelCount,
    sampleCount: row.sampleCount,
    from: datumPositionOf(row, 0, positionOffset),
    to: datumPositionOf(row, row.sampleCount - 1, positionOffset),
    bendingCycles: row.bendingCycles,
    candidateCount: candidatesAtDefault(row),
    isNew,
  };
}
