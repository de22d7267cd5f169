import { reportNumber } from '@rope/domain/reports/format';
import { REPORT_TEXTS } from '@rope/domain/reports/texts';
import { LENGTH_UNITS, lengthIn, type UnitSystem } from '@rope/domain/reports/units';
import { chartColour, drawHorizontalLine, drawWindows, LIMIT_COLOUR } from '../../../components/chart-style';
import {
  type DamageChartData,
  DISCARD_UTILISATION,
  damageXRange,
  damageYRange,
  utilisationPercent,
} from '../../events';

export interface ReportImage {
  dataUrl: string;
  /** Pixels: the aspect the page keeps. */
  width: number;
  height: number;
}

/** Drawn at 900 x 310 and stored at 1.5 times that: lines and labels stay sharp at 182 mm wide. */
const WIDTH = 900;
const HEIGHT = 310;
const SCALE = 1.5;
const PLOT = { left: 56, top: 12, right: 16, bottom: 76 };
const FONT = '11px Helvetica, Arial, sans-serif';
/** Sharp enough for lines and labels at 182 mm, about 60 KB. */
const JPEG_QUALITY = 0.7;

/** A round step (1, 2 or 5 times a power of ten) giving about `count` ticks over the range. */
function tickStep(range: number, count: number): number {
  const raw = range / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= raw) ?? 10;
  return step * power;
}

function ticks(min: number, max: number, count: number): number[] {
  const step = tickStep(max - min, count);
  const list: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max; value += step) list.push(value);
  return list;
}

/**
 * The rope page's damage chart drawn for paper: one segment per window in utilisation of its reference length's
 * limit, the discard line at 100 %, positions in the installation's base unit, and the legend below. The same
 * window and limit drawing as the screen's chart (chart-style), white background, JPEG for a small file.
 */
export function damageChartImage(data: DamageChartData, units: UnitSystem): ReportImage {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * SCALE;
  canvas.height = HEIGHT * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  const bbox = {
    left: PLOT.left,
    top: PLOT.top,
    width: WIDTH - PLOT.left - PLOT.right,
    height: HEIGHT - PLOT.top - PLOT.bottom,
  };
  const [xMin, xMax] = damageXRange(data, null);
  const [yMin, yMax] = damageYRange(data);
  const valToPos = (value: number, scale: string) =>
    scale === 'x'
      ? bbox.left + ((value - xMin) / (xMax - xMin)) * bbox.width
      : bbox.top + bbox.height - ((value - yMin) / (yMax - yMin)) * bbox.height;
  const plot = { ctx, bbox, valToPos };

  ctx.font = FONT;
  ctx.strokeStyle = '#dee2e6';
  ctx.fillStyle = '#343a40';
  ctx.lineWidth = 1;
  for (const y of ticks(yMin, yMax, 6)) {
    const py = valToPos(y, 'y');
    ctx.beginPath();
    ctx.moveTo(bbox.left, py);
    ctx.lineTo(bbox.left + bbox.width, py);
    ctx.stroke();
    ctx.textAlign = 'right';
    ctx.fillText(`${reportNumber(y, 0)} %`, bbox.left - 6, py + 4);
  }
  // Ticks at round positions in the base unit.
  const [uMin, uMax] = [lengthIn(xMin, units), lengthIn(xMax, units)];
  ctx.textAlign = 'center';
  for (const u of ticks(uMin, uMax, 8)) {
    const px = bbox.left + ((u - uMin) / (uMax - uMin)) * bbox.width;
    ctx.fillText(reportNumber(u, 1), px, bbox.top + bbox.height + 15);
  }
  ctx.strokeStyle = '#868e96';
  ctx.strokeRect(bbox.left, bbox.top, bbox.width, bbox.height);
  for (let index = data.lines.length - 1; index >= 0; index -= 1) {
    const line = data.lines[index]!;
    drawWindows(plot, data.xs, line.values, line.length, chartColour(index));
  }
  drawHorizontalLine(plot, DISCARD_UTILISATION, LIMIT_COLOUR);

  ctx.fillStyle = '#343a40';
  ctx.textAlign = 'center';
  ctx.fillText(
    REPORT_TEXTS.chartPosition(LENGTH_UNITS[units]),
    bbox.left + bbox.width / 2,
    bbox.top + bbox.height + 32,
  );
  ctx.textAlign = 'left';
  let x = bbox.left;
  let legendY = HEIGHT - 26;
  const legend = [
    ...data.lines.map((line, index) => ({
      colour: chartColour(index),
      text: REPORT_TEXTS.chartLine(
        line.multiple,
        `${reportNumber(lengthIn(line.length, units), 2)} ${LENGTH_UNITS[units]}`,
        `${reportNumber(line.limit)}${data.metric === 'lossPct' ? ' %' : ' wires'}`,
        utilisationPercent(line.utilisation),
      ),
    })),
    { colour: LIMIT_COLOUR, text: REPORT_TEXTS.chartDiscard },
  ];
  for (const entry of legend) {
    const width = 20 + ctx.measureText(entry.text).width;
    if (x + width > WIDTH - PLOT.right) {
      x = bbox.left;
      legendY += 15;
    }
    ctx.fillStyle = entry.colour;
    ctx.fillRect(x, legendY - 7, 16, 4);
    ctx.fillStyle = '#343a40';
    ctx.fillText(entry.text, x + 20, legendY - 2);
    x += width + 16;
  }
  ctx.save();
  ctx.translate(14, bbox.top + bbox.height / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  ctx.fillText(REPORT_TEXTS.chartUtilisation, 0, 0);
  ctx.restore();
  return { dataUrl: canvas.toDataURL('image/jpeg', JPEG_QUALITY), width: canvas.width, height: canvas.height };
}
