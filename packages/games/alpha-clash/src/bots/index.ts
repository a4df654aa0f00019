// Bots: `random` picks uniformly among the legal commands (never conceding while it has another choice);
// `greedy` scores each legal command with a simple board evaluation and takes the best (ties at random).
import type { Bot, Command, PlayerId, Rng } from '@matchtape/engine';
import { isHiddenCard, greedyBot as kitGreedyBot } from '@matchtape/engine';
import { currentAtk, currentDef, defOf, lookupCard } from '../rules';
import { locate, opponentOf } from '../state';
import type { AlphaClashState } from '../types';

export const randomBot: Bot<AlphaClashState> = {
  name: 'random',
  choose(_s: AlphaClashState, _p: PlayerId, legal: Command[], rng: Rng): Command {
    const pool = legal.length > 1 ? legal.filter((c) => c.type !== 'Concede') : legal;
    return pool[rng.int(pool.length)]!;
  },
};

function cardOf(s: AlphaClashState, p: PlayerId, id: unknown) {
  const r = s.players[p]!.hand.find((h) => h.id === id);
  return r && !isHiddenCard(r) ? lookupCard(s, r.cardId) : null;
}

function isOpp(s: AlphaClashState, p: PlayerId, id: string | undefined): boolean {
  if (!id) return false;
  const l = locate(s, id);
  if (l) return l.player !== p;
  const obj = s.standby.find((o) => o.sid === id);
  return !!obj && obj.controller !== p;
}

function score(s: AlphaClashState, p: PlayerId, c: Command): number {
  const opp = opponentOf(s, p);
  const targets = (c.targets as string[] | undefined) ?? [];
  const t0 = targets[0];
  switch (c.type) {
    case 'KeepHand':
    case 'DeclineCut':
      return 10;
    case 'PlaceResource': {
      const d = cardOf(s, p, c.card);
      const have = s.players[p]!.resources.length;
      return have < 7 ? 50 - (d?.cost ?? 0) : -1;
    }
    case 'SkipResource':
      return s.players[p]!.resources.length < 7 ? 0 : 5;
    case 'PlayCard': {
      const d = cardOf(s, p, c.card);
      if (!d) return 0;
      let v = 20 + d.cost * 3;
      if (t0) v += isOpp(s, p, t0) === (d.type === 'Clash Buff' ? false : true) ? 10 : -40;
      if (d.type === 'Quick Action' || d.type === 'Clash Buff') v += 5;
      return v;
    }
    case 'SetTrap':
      return 18;
    case 'ActivateTrap':
      return t0 && !isOpp(s, p, t0) ? -10 : 30;
    case 'ActivateEffect':
      return t0 && !isOpp(s, p, t0) ? -10 : 12;
    case 'AttachWeapon':
      return 14;
    case 'UnattachWeapon':
    case 'ActivatePortal':
      return -5;
    case 'DeclareAttack': {
      const a = c.attacker as string;
      const t = c.target as string;
      const atk = currentAtk(s, a);
      const tl = locate(s, t);
      if (atk <= 0) return -20;
      if (tl?.kind === 'contender') {
        // Unobstructed, the defending Contender hits back with its ATK: avoid trading the attacker for nothing.
        const back = currentAtk(s, t);
        return 15 + atk - (back >= currentDef(s, a) && locate(s, a)?.kind === 'perm' ? 12 : 0);
      }
      const def = currentDef(s, t);
      const survives = currentDef(s, a) > currentAtk(s, t);
      return atk >= def ? (survives ? 25 : 8) : -10;
    }
    case 'DeclareObstructors': {
      // One obstructor that survives or trades beats none; several at once only spread the attacker's damage.
      const cards = c.cards as string[];
      if (cards.length === 0) return 1;
      if (cards.length > 1) return -5;
      const att = s.clash!.attacker;
      const survives = currentDef(s, cards[0]!) > currentAtk(s, att);
      const kills = currentAtk(s, cards[0]!) >= currentDef(s, att);
      return survives ? 20 : kills ? 10 : (s.players[p]!.contender?.health ?? 0) < 8 ? 6 : -5;
    }
    case 'EngageResource': {
      // Keep multicoloured resources for later gems (fewer colours engaged first).
      const r = locate(s, c.resource as string);
      return r?.kind === 'perm' ? 2 - (defOf(s, r.perm.card)?.colors.length ?? 1) : 0;
    }
    case 'EndCounterStep':
    case 'PassPriority':
      return 1;
    case 'ChooseBarrage':
      return targets.every((t) => isOpp(s, p, t)) ? targets.length * 3 : -20;
    case 'Discard':
      return -(cardOf(s, p, c.card)?.cost ?? 0);
    case 'EndTurn':
      return 0;
    case 'Concede':
      return -1000;
    default:
      void opp;
      return 0;
  }
}

/** Plays the best-scoring legal command; ties broken by the bot's own generator (the kit's greedy scaffold). */
export const greedyBot: Bot<AlphaClashState> = kitGreedyBot<AlphaClashState>(score, { avoid: [] });

export const bots = { random: randomBot, greedy: greedyBot } as const;
export { defOf };
