import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { LANGUAGES, type Language } from '@rope/domain/languages';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { FALLBACK_LANGUAGE, isLanguage } from '../i18n/detect-language';

/** EN / DE / FR / ES: the short code is the locale's language part, the full name is the tooltip and what screen readers announce. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
  const data = LANGUAGES.map((language) => {
    const name = t(`language.names.${language}`);
    return {
      value: language,
      label: (
        <>
          <span aria-hidden="true" title={name}>
            {language.slice(0, 2).toUpperCase()}
          </span>
          <VisuallyHidden>{name}</VisuallyHidden>
        </>
      ),
    };
  });
  return (
    <SegmentedControl<Language>
      size="xs"
      aria-label={t('language.label')}
      data={data}
      value={current}
      onChange={(language) => void changeLanguage(language)}
    />
  );
}
