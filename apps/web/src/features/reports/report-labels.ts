import type { ReportLabels } from '@rope/domain/reports/labels';
import type { TFunction } from 'i18next';
import { i18n } from '../../i18n';
import { FALLBACK_LANGUAGE } from '../../i18n/detect-language';

const INSTALLATION_OPTIONS = new Set(['installationType', 'ropewayType', 'buildingType']);

/** The report is English whatever the interface language: the English texts of the screens name the choices. */
export function englishReportLabels(): ReportLabels {
  const t = i18n.getFixedT(FALLBACK_LANGUAGE) as unknown as TFunction<'translation', undefined> &
    ((key: string) => string);
  return {
    eventType: (type) => t(`enums.eventTypes.${type}`),
    actionStatus: (status) => t(`enums.actionStatuses.${status}`),
    option: (attribute, value) =>
      t(`${INSTALLATION_OPTIONS.has(attribute) ? 'installations' : 'ropes'}.options.${attribute}.${value}`),
  };
}
