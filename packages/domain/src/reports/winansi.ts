import type { ReportField, ReportModel } from './model.ts';

/** Characters of WinAnsiEncoding beyond Latin-1: what the PDF standard fonts print in 0x80-0x9F. */
const WINANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Whether the PDF standard fonts (WinAnsiEncoding) print every character of the text; when not (Polish, Czech,
 * Greek, ...), the report embeds a Unicode font.
 */
export function fitsStandardFonts(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a || code === 0x0d || code === 0x09) continue;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) continue;
    if (!WINANSI_EXTRAS.has(char)) return false;
  }
  return true;
}

/** Every text a report prints, for the font choice. */
export function reportTexts(model: ReportModel): string[] {
  const fields = (list: readonly ReportField[]) => list.flatMap((field) => [field.label, field.value]);
  return [
    model.title,
    model.generatedAt,
    ...fields(model.installation),
    ...fields(model.rope),
    ...fields(model.filter),
    ...fields(model.condition),
    ...model.sections.flatMap((section) => [
      section.heading,
      ...fields(section.fields),
      ...section.warnings,
      ...(section.table
        ? [...section.table.columns, ...section.table.rows.flatMap((row) => row.cells), ...(section.table.totals ?? [])]
        : []),
    ]),
    model.dutyOfCare.heading,
    model.dutyOfCare.text,
    ...model.signature,
  ];
}

/** Whether the report needs an embedded Unicode font: some text the standard fonts cannot print. */
export function needsUnicodeFont(model: ReportModel): boolean {
  return reportTexts(model).some((text) => !fitsStandardFonts(text));
}
