// Bots pick among legalCommands. `random` plays uniformly; `greedy` develops its resources, plays the costliest
// cards it can, attacks the opposing faction with everything that can attack, blocks with its strong characters
// and passes otherwise.
import type { Bot, Command, PlayerId, Rng } from '@matchtape/engine';
import { isHiddenCard, greedyBot as kitGreedyBot } from '@matchtape/engine';
import { cardDef } from '../cards/pool';
import { perm, unattachedResources } from '../rules';
import type { SpoilsState } from '../types';
import { statsOf } from '../rules';

export const randomBot: Bot<SpoilsState> = {
  name: 'random',
  choose(_s: SpoilsState, _p: PlayerId, legal: Command[], rng: Rng): Command {
    // Never concedes while it has another choice.
    const pool = legal.filter((c) => c.type !== 'Concede');
    const from = pool.length > 0 ? pool : legal;
    return from[rng.int(from.length)]!;
  },
};

function cardOf(s: SpoilsState, p: PlayerId, id: unknown): string | null {
  const h = s.players[p]!.hand.find((c) => c.id === id);
  if (h && !isHiddenCard(h)) return h.cardId;
  return perm(s, id)?.cardId ?? null;
}

function score(s: SpoilsState, p: PlayerId, c: Command): number {
  switch (c.type) {
    case 'ChooseFirstPlayer':
      return c.first === p ? 100 : 0;
    case 'EndMulligan':
    case 'KeepUnique':
    case 'AttachResource':
      return 100;
    case 'ResolveTrigger': {
      const t = s.triggers.find((x) => x.tid === c.trigger);
      return t?.label.includes('Restore') ? 90 : 50;
    }
    case 'Develop': {
      if (c.mode === 'draw') return 40;
      const id = cardOf(s, p, c.card);
      const d = id ? cardDef(id) : null;
      const few =
        s.perms.filter(
          (x) =>
            x.controller === p &&
            (x.faceDown || (x.cardId !== null && cardDef(x.cardId).types.includes('resource'))),
        ).length < 6;
      if (!few) return 10;
      return d?.types.includes('resource') ? (c.faceDown ? 45 : 60) : 30 - (d?.cost ?? 0);
    }
    case 'PlayCard': {
      const id = cardOf(s, p, c.card);
      if (!id) return 0;
      const d = cardDef(id);
      let v = 55 + (d.cost ?? 0) * 3 + (d.types.includes('character') ? 10 : 0);
      if (d.id === 'rapine') v = 20;
      const t = perm(s, c.pick);
      if (t) {
        const hostile = d.effect.some((e) => e.do === 'damage' || e.do === 'control');
        v += (t.controller === p) === !hostile ? 15 : -40;
      }
      return v;
    }
    case 'UseAbility': {
      const t = perm(s, c.pick);
      return t && t.controller === p ? 0 : 45;
    }
    case 'Attack': {
      const t = perm(s, c.target);
      return t?.influence !== undefined ? 70 : 50;
    }
    case 'AddAttacker':
      return 80;
    case 'ConfirmAttackers':
      return 30;
    case 'AddBlocker': {
      const x = perm(s, c.card);
      return x && statsOf(s, x).str >= 2 ? 60 : 5;
    }
    case 'ConfirmBlockers':
      return 20;
    case 'AssignDamage':
      return 50 + Number(c.amount);
    case 'Bid':
      return Number(c.amount) <= Math.min(2, unattachedResources(s, p).length) ? 30 - Number(c.amount) : 0;
    case 'PassBid':
      return 15;
    case 'FindCard':
      return c.card ? 50 : 10;
    case 'MulliganCard':
      return 0;
    case 'Pass':
      return 5;
    case 'EndTurn':
      return 1;
    default:
      return 0;
  }
}

/** Plays the best-scoring legal command; ties broken by the bot's own generator (the kit's greedy scaffold). */
export const greedyBot: Bot<SpoilsState> = kitGreedyBot<SpoilsState>(score, { avoid: ['Concede'] });

export const bots = { random: randomBot, greedy: greedyBot };
