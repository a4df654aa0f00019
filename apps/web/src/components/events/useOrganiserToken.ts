'use client';
// The organiser token kept in this browser (the one the home page's "New match" keeps, pasted once).
import { useEffect, useState } from 'react';
import { ORGANISER_KEY } from '../table/PlayPanel';

/** The organiser token kept in this browser ('' when none), its setter, whether storage has been read, and whether it had one. */
export function useOrganiserToken(): {
  token: string;
  setToken(t: string): void;
  loaded: boolean;
  stored: boolean;
} {
  const [token, setToken] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [stored, setStored] = useState(false);
  useEffect(() => {
    const t = localStorage.getItem(ORGANISER_KEY) ?? '';
    setToken(t);
    setStored(t !== '');
    setLoaded(true);
  }, []);
  return { token, setToken, loaded, stored };
}
