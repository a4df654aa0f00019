// The desk's address: the filter and an operator token from it (?token= once: kept in this tab, taken out of the
// bar), and the filter written back as it changes.
import { useEffect, useState } from 'react';
import { filterFromQuery, filterToQuery, NO_FILTER, type DeskFilter } from '../../lib/desk';
import { loadToken, readClaims, saveToken, type Perspective } from '../../lib/viewer';

/** Operator tokens (coverage, judge) are kept for every match; a desk has no match of its own. */
const NO_MATCH = '';

export function useDeskAddress() {
  const [filter, setFilter] = useState<DeskFilter>(NO_FILTER);
  const [token, setToken] = useState<string | null>(null);
  const [as, setAs] = useState<Perspective>('public');
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    setFilter(filterFromQuery(q));
    const fromUrl = q.get('token');
    if (fromUrl) saveToken(sessionStorage, NO_MATCH, fromUrl);
    const t = loadToken(sessionStorage, NO_MATCH);
    setToken(t);
    const role = t ? readClaims(t)?.role : null;
    if (role === 'coverage' || role === 'judge') setAs(role);
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready) window.history.replaceState(null, '', `${window.location.pathname}${filterToQuery(filter)}`);
  }, [filter, ready]);
  return { filter, setFilter, token, as, setAs, ready };
}
