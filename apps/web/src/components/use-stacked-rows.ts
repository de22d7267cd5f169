import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether a table's columns no longer fit its container: measured, not guessed from the window, since the same
 * table sits full-width on one screen and beside a map or a sidebar on another. The width the columns needed when
 * they last overflowed decides when they fit again, so the layout does not flip back and forth.
 */
export function useStackedRows(wrapper: RefObject<HTMLElement | null>, table: RefObject<HTMLElement | null>): boolean {
  const [stacked, setStacked] = useState(false);
  const needed = useRef(0);

  useLayoutEffect(() => {
    const box = wrapper.current;
    if (!box) return;
    const check = () => {
      const available = box.clientWidth;
      if (available === 0) return;
      if (stacked) {
        if (available >= needed.current) setStacked(false);
        return;
      }
      const width = table.current?.scrollWidth ?? 0;
      if (width > available + 1) {
        needed.current = width;
        setStacked(true);
      }
    };
    check();
    const observer = new ResizeObserver(check);
    // The container changes with the window, the table with its rows (longer names, another page).
    observer.observe(box);
    if (table.current) observer.observe(table.current);
    return () => observer.disconnect();
  }, [wrapper, table, stacked]);

  return stacked;
}
