import { useRef } from 'react';

/** The value while it is there, and the last one after it is gone: a closing dialog keeps its content. */
export function useLastShown<T>(value: T | null): T | null {
  const last = useRef<T | null>(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}
