import { useCallback, useRef, useState } from 'react';

/**
 * State that belongs to one key (for the match page: which match, whose eyes, which token). A render under a new
 * key reads `initial` at once, never the previous key's state: without this the first render after a switch to
 * the public view showed the judge's board under the public label until the loading effect ran. Writes made for
 * a key that is no longer current (a load still finishing for the old perspective) are dropped.
 */
export function useKeyedState<T>(key: string, initial: T): [T, (forKey: string, f: (s: T) => T) => void] {
  const [held, setHeld] = useState({ key, value: initial });
  const current = useRef(key);
  current.current = key;
  const update = useCallback(
    (forKey: string, f: (s: T) => T) => {
      if (forKey !== current.current) return;
      setHeld((h) => ({ key: forKey, value: f(h.key === forKey ? h.value : initial) }));
    },
    [initial],
  );
  return [held.key === key ? held.value : initial, update];
}
