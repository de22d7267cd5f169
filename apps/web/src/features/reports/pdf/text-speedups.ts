import type { jsPDF } from 'jspdf';
import { jsPDF as JsPdf } from 'jspdf';

type TextArgument = string | { text: unknown };
type ArabicParser = ((argument: TextArgument) => unknown) & { onlyArabic?: boolean };
const api = JsPdf.API as unknown as {
  processArabic?: ArabicParser;
  events: [string, unknown][];
};

/** Letters jsPDF's Arabic parser reshapes: the Arabic blocks and their presentation forms. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

const hasArabic = (text: unknown): boolean =>
  typeof text === 'string' ? ARABIC.test(text) : Array.isArray(text) && text.some(hasArabic);

/**
 * jsPDF runs its Arabic parser over every text it writes or measures, splitting and rejoining each string by words:
 * about 10 ms of a 500-row report. It changes only texts with Arabic letters, so the others skip it; an Arabic text
 * still goes through it as before. Applies to documents made after the call.
 */
export function skipArabicParserForOtherScripts(): void {
  const original = api.processArabic;
  if (!original || original.onlyArabic) return;
  const guarded: ArabicParser = (argument) =>
    hasArabic(typeof argument === 'string' ? argument : argument.text) ? original(argument) : argument;
  guarded.onlyArabic = true;
  api.processArabic = guarded;
  for (const event of api.events) if (event[0] === 'preProcessText' && event[1] === original) event[1] = guarded;
}

/**
 * jsPDF builds its font list anew from the font map on each call, and jspdf-autotable asks for it for every cell with
 * a font style: about 15 ms of a 500-row report. The list is kept until the next font is added.
 */
export function keepFontList(doc: jsPDF): void {
  const build = doc.getFontList.bind(doc);
  const addFont = doc.addFont.bind(doc) as (...args: unknown[]) => string;
  let kept: ReturnType<jsPDF['getFontList']> | undefined;
  doc.getFontList = () => {
    kept ??= build();
    return kept;
  };
  (doc as unknown as { addFont: (...args: unknown[]) => string }).addFont = (...args) => {
    kept = undefined;
    return addFont(...args);
  };
}
