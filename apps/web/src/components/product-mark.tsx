import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ProductMarkProps {
  size?: number;
}

/** The product's sign: a rope spanning two peaks with a cabin on it. Decorative: the name is always beside it. */
export function ProductMark({ size = 28 }: ProductMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1c7ed6" />
      <path d="M3 27 L11 14 L16 21 L21 11 L29 27 Z" fill="#a5d8ff" />
      <path d="M4 8 Q16 13 28 6" stroke="#fff" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      <line x1="17" y1="10.4" x2="17" y2="13.5" stroke="#fff" strokeWidth="1.2" />
      <rect x="14" y="13.5" width="6" height="4.5" rx="1" fill="#fff" />
    </svg>
  );
}

interface BrandProps {
  /** White text for dark backgrounds. */
  inverted?: boolean;
  /** Only the sign on phones, where the header has no room for the name. */
  compact?: boolean;
}

export function Brand({ inverted = false, compact = false }: BrandProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ProductMark />
      <Text
        fw={700}
        size="lg"
        c={inverted ? 'white' : undefined}
        style={{ whiteSpace: 'nowrap' }}
        visibleFrom={compact ? 'xs' : undefined}
      >
        {t('app.name')}
      </Text>
    </Group>
  );
}
