import { Center, Loader, Stack, Title } from '@mantine/core';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Once the page scrolls, how far below the window a section starts to load, so it is there when scrolled to. */
const LOAD_AHEAD_PX = 400;

type SectionOrder = 2 | 3;
/** Headings are drawn a size below their level, as the screens' own section headings are. */
const SECTION_TITLE_SIZE = { 2: 'h3', 3: 'h4' } as const;

interface NearViewportProps {
  /** The section's heading, shown (with a loader) in its place until it has loaded. */
  title: string;
  /** The heading's level, the section's own: 2 for a section of the screen, 3 for a part of one. */
  order?: SectionOrder;
  /** About the section's height, so the page below does not jump when it arrives. */
  minHeight: number;
  /** A section made with React.lazy. */
  children: ReactNode;
  /** Load at once, wherever the section sits (a deep link into it). */
  now?: boolean;
}

/**
 * A section below the fold whose code loads when it comes into the window, when the page is scrolled to within
 * LOAD_AHEAD_PX of it, or when the keyboard moves through the page (so tabbing reaches its controls): the first
 * download of a screen carries what its window shows, not the tables further down. Until then its heading stands
 * in its place, so the page's outline stays whole.
 */
export function NearViewport({ title, order = 2, minHeight, children, now = false }: NearViewportProps) {
  const [near, setNear] = useState(now);
  // Once loaded it stays: a deep link that is done with (its viewer closed) does not take the section away again.
  if (now && !near) setNear(true);
  // Held in state, not a ref: should the placeholder be rendered anew, the observer follows the element shown.
  const [target, setTarget] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (near || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    // In the window (at once or after the content above changed): load.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(target);
    // Scrolling towards it: load ahead. Not on the first render, whose layout above is still settling.
    const onScroll = () => {
      if (target.getBoundingClientRect().top < window.innerHeight + LOAD_AHEAD_PX) setNear(true);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setNear(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('keydown', onKey);
    };
  }, [near, target]);

  if (!near) {
    // Not "loading" yet, only waiting to be scrolled to: no spinner, which would tell screen readers otherwise.
    return (
      <Stack ref={setTarget} gap="sm" mih={minHeight} data-deferred-section="">
        <Title order={order} size={SECTION_TITLE_SIZE[order]}>
          {title}
        </Title>
      </Stack>
    );
  }
  return (
    <Suspense fallback={<SectionLoading title={title} order={order} minHeight={minHeight} />}>{children}</Suspense>
  );
}

function SectionLoading({ title, order, minHeight }: { title: string; order: SectionOrder; minHeight: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" mih={minHeight}>
      <Title order={order} size={SECTION_TITLE_SIZE[order]}>
        {title}
      </Title>
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    </Stack>
  );
}
