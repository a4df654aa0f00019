'use client';
// The page's clock for countdowns: Date.now() again every `everyMs` while `active` (tables' clocks, the desk's boards,
// the round clock of an event), still otherwise.
import { useEffect, useState } from 'react';

export function useNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [active, everyMs]);
  return now;
}
