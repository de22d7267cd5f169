import { Tooltip, type TooltipProps } from '@mantine/core';
import { useState } from 'react';

/** Mantine's Tooltip on an element rendered elsewhere (DeferredTooltip), open from the start if the pointer is on it. */
export default function TooltipOnTarget({
  isHovered,
  ...tooltip
}: Omit<TooltipProps, 'defaultOpened'> & { isHovered: () => boolean }) {
  const [openedAtFirst] = useState(isHovered);
  return <Tooltip {...tooltip} defaultOpened={openedAtFirst} />;
}
