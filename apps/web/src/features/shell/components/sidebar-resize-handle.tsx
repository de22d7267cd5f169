import { Box } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampSidebarWidth, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from '../sidebar-width';
import classes from './shell.module.css';

const KEY_STEP = 16;

interface SidebarResizeHandleProps {
  width: number;
  /** Called while dragging. */
  onResize: (width: number) => void;
  /** Called once the drag or key press is over, to remember the width. */
  onResizeEnd: (width: number) => void;
}

/** The drag handle on the sidebar's right edge; arrow keys resize it too. */
export function SidebarResizeHandle({ width, onResize, onResizeEnd }: SidebarResizeHandleProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);

  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const startX = event.clientX;
    let current = width;
    setDragging(true);
    document.body.style.userSelect = 'none';
    const move = (moveEvent: globalThis.PointerEvent) => {
      current = clampSidebarWidth(width + moveEvent.clientX - startX);
      onResize(current);
    };
    const end = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      document.body.style.userSelect = '';
      setDragging(false);
      onResizeEnd(current);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = clampSidebarWidth(width + delta);
    onResize(next);
    onResizeEnd(next);
  };

  return (
    <Box
      className={classes.resizeHandle}
      visibleFrom="sm"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('shell.sidebar.resize')}
      aria-valuenow={width}
      aria-valuemin={SIDEBAR_MIN_WIDTH}
      aria-valuemax={SIDEBAR_MAX_WIDTH}
      tabIndex={0}
      data-dragging={dragging || undefined}
      onPointerDown={startDrag}
      onKeyDown={onKeyDown}
    />
  );
}
