// A value that follows another once it has stopped changing for `ms` (SPEC §9: default debounce 300 ms).
import { useEffect, useState } from 'react';

export const DEFAULT_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms = DEFAULT_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
