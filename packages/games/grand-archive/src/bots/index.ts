// Bots pick among legalCommands. `random` plays uniformly (never conceding); `greedy` prefers the actions
// that move a match towards its end: attacks, allies and weapons, damage, level-ups; it passes otherwise.
import {
  greedyBot as kitGreedyBot,
  type Bot,
  type Command,
  type PlayerId,
  type Rng,
} from '@matchtape/engine';
import { cardDef } from '../cards/pool';
import type { GAState } from '../types';

function playable(legal: Command[]): Command[] {
  const noConcede = legal.filter((c) => c.type !== 'Concede');
  return noConcede.length > 0 ? noConcede : legal;
}

export const randomBot: Bot<GAState> = {
  name: 'random',
  choose(_s: GAState, _p: PlayerId, legal: Command[], rng: Rng): Command {
    const options = playable(legal);
    // Uniformly random canceling of payments would loop; mostly pay once a payment has started.
    const pay = options.filter((c) => c.type === 'SelectReserve');
    const cancel = options.filter((c) => c.type === 'CancelActivation');
    if (pay.length > 0 && cancel.length > 0 && rng.int(20) === 0) return cancel[0]!;
    const pool = pay.length > 0 ? pay : options;
    return pool[rng.int(pool.length)]!;
  },
};

function score(s: GAState, p: PlayerId, c: Command): number {
  switch (c.type) {
    case 'PlaceStartingChampion':
    case 'DeclareRetaliation':
      return 100;
    case 'Intercept':
      return 60;
    case 'DiscardForCritical':
      return 20;
    case 'ApplyReplacement':
      // Preventing before doubling keeps the damage lowest (2.2.g.ii.2.d's own example orders it so).
      return String(c.effect).startsWith('sh') ? 25 : 15;
    case 'KeepUnique':
    case 'PlaceTrigger':
      return 20;
    case 'Materialize': {
      const card = s.players[p]!.materialDeck.find((x) => x.id === c.card);
      return card && 'cardId' in card && cardDef(s, card.cardId).type === 'champion' ? 90 : 60;
    }
    case 'DeclareAttack': {
      const t = s.field.find((o) => o.id === c.target);
      return t && cardDef(s, t.cardId).type === 'champion' ? 85 : 70;
    }
    case 'ChooseAttackTarget': {
      const t = s.field.find((o) => o.id === c.target);
      return t && cardDef(s, t.cardId).type === 'champion' ? 85 : 70;
    }
    case 'ActivateCard': {
      const card = s.players[p]!.hand.find((x) => x.id === c.card);
      if (!card || !('cardId' in card)) return 0;
      const d = cardDef(s, card.cardId);
      const t = s.field.find((o) => o.id === c.target);
      if (
        t &&
        t.controller === p &&
        d.abilities.some((a) => a.kind === 'resolve' && a.effects.some((e) => e.do === 'damage'))
      )
        return 1;
      if (d.type === 'ally' || d.type === 'weapon') return 80;
      if (d.type === 'attack') return c.weapon ? 78 : 75;
      return 50;
    }
    case 'SelectReserve':
      return 40;
    case 'ActivateAbility':
      return 30;
    case 'PassOpportunity':
    case 'DeclineMaterialize':
    case 'DeclineRetaliation':
    case 'DeclineIntercept':
    case 'DeclineCritical':
      return 10;
    case 'CancelActivation':
      return 0;
    default:
      return -1;
  }
}

/** The kit's greedy scaffold (best score, ties broken by the bot's generator) with Grand Archive's scores. */
export const greedyBot: Bot<GAState> = kitGreedyBot(score);

export const bots = { random: randomBot, greedy: greedyBot };
