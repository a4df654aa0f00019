// What a player table keeps: in its lobby while it waits for decks, and in the match's hosted config once it runs.
import type { MatchRecord } from '@matchtape/store';
import type * as C from './contract';

/** What a table keeps, in its lobby while it waits and in the match's hosted config once it runs. */
export interface TableConfig {
  players: { name: string; kind: 'person' | 'bot'; bot: 'greedy' | 'random' | null }[];
  clock: C.ClockOption;
  practice: boolean;
}
/** The table part of a match's hosted config (absent for matches made before tables or without one). */
export function tableOf(r: MatchRecord): TableConfig | null {
  const t = (r.config as { table?: TableConfig }).table;
  return t && Array.isArray(t.players) ? t : null;
}
