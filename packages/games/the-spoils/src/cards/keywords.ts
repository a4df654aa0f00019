// The keywords of 507 (and "cannot be blocked", 412.1, and the staple supertype, 203.5) as data: the rule that
// defines each and what the engine does. Engine code asks `hasKeyword`; coverage and keywords.test.ts read KEYWORDS.
import type { KeywordEntry } from '@matchtape/engine';
import type { CardDef, Keyword } from './types';

/** `keyword`: the name the rulebook prints; `kw`: the code card definitions use. */
export interface KeywordSpec extends KeywordEntry {
  kw: Keyword['kw'] | 'staple';
  note: string;
}

export const KEYWORDS: readonly KeywordSpec[] = [
  {
    kw: 'attach-to',
    keyword: 'Attach to [Type]',
    rule: '507.2',
    note: 'Picking the target is the first extra cost (507.2a); it resolves into play attached; a target gone at resolution sends it to the discard pile (507.2c); a host that stops being the type destroys it (507.2e); it leaves play with its host (301.4).',
  },
  {
    kw: 'covert',
    keyword: 'Covert',
    rule: '507.3',
    note: 'An attacking party of covert characters only is covert (507.3a); only covert characters may block it (507.3b) and covert characters block only covert parties (507.3c).',
  },
  {
    kw: 'flip-up',
    keyword: 'Flip Up',
    rule: '507.4',
    note: 'PlayCard names your face-down resource: its Flip Up threshold must be met, the Flip Up cost starts the running total and is paid first, and the card may pay for itself (507.4a-b, 406.7); normal timing applies (507.4d).',
  },
  {
    kw: 'unique',
    keyword: 'Unique [Identifier]',
    rule: '507.5',
    note: 'When you control two cards with the same identifier you choose one to keep (KeepUnique) and the rest are destroyed (507.5a).',
  },
  {
    kw: 'tactical',
    keyword: 'Tactical',
    rule: '507.6',
    note: 'The card may be played whenever a tactic could be: in response windows and battle windows (507.6a).',
  },
  {
    kw: 'cannot-be-blocked',
    keyword: 'Cannot be blocked',
    rule: '412.1',
    note: 'A party made only of such characters cannot be blocked: the defending player may not form a blocking party (412.1).',
  },
  {
    kw: 'staple',
    keyword: 'Staple',
    rule: '203.5',
    note: 'Staple resources provide one icon of their name (203.5c) and are exempt from the four-copies limit (103.1c, 203.5b).',
  },
];

export function hasKeyword(d: CardDef, kw: Keyword['kw']): boolean {
  return d.keywords.some((k) => k.kw === kw);
}

export function keywordOf<K extends Keyword['kw']>(
  d: CardDef,
  kw: K,
): Extract<Keyword, { kw: K }> | undefined {
  return d.keywords.find((k): k is Extract<Keyword, { kw: K }> => k.kw === kw);
}
