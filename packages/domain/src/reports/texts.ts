/** The words of the report's layout; the report is English whoever makes it. */
export const REPORT_TEXTS = {
  installation: 'Installation',
  rope: 'Rope',
  filter: 'Filter',
  condition: 'Rope condition',
  chart: 'Damage per reference length',
  photos: 'Photos',
  generated: (time: string) => `Generated ${time}`,
  footer: (title: string, time: string) => `${title} · generated ${time}`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  chartPosition: (unit: string) => `Position [${unit}]`,
  chartUtilisation: 'Utilisation of the limit [%]',
  chartDiscard: 'Discard (100 % of the limit)',
  chartLine: (multiple: number, length: string, limit: string, utilisation: number) =>
    `${multiple} d = ${length}, limit ${limit}: ${utilisation} %`,
} as const;
