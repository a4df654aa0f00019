'use client';
// The viewer's token for a match page: `?token=` once (saved in this tab's sessionStorage, then taken out of the
// address bar, history and copied links), else the one saved earlier. `ready` turns true after the first read.
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { loadToken, saveToken } from './viewer';

export function useViewerToken(matchId: string): {
  token: string | null;
  setToken: (t: string | null) => void;
  ready: boolean;
} {
  const params = useSearchParams();
  const [token, setToken] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const fromUrl = params.get('token');
    if (fromUrl) {
      saveToken(sessionStorage, matchId, fromUrl);
      const u = new URL(window.location.href);
      u.searchParams.delete('token');
      window.history.replaceState(null, '', u.toString());
    }
    setToken(loadToken(sessionStorage, matchId));
    setReady(true);
    // Read once on arrival: later URL changes are the page's own replaceState calls.
  }, [matchId]);
  return { token, setToken, ready };
}
