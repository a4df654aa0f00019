// Bots pick among legalCommands (kit helpers). `random` plays uniformly by command type weight, never conceding
// and rarely shuffling creatures between ATK and DEF (free moves would otherwise fill its turns); `greedy` plays
// stones and its strongest cards, attacks when it is favourable and blocks to survive.
import { greedyBot, randomBot, type Command, type PlayerId } from '@matchtape/engine';
import { cardDef } from '../cards/decks';
import { full } from '../flow';
import { has, health, inDef, inPlay, locate, opponentOf, power } from '../rules';
import type { ECState } from '../types';

// Free "at any time" abilities and moves can repeat within a turn (two Lindwurms mutate into each other for
// ever; the draft has no loop rule): the random bot picks them rarely so its turns end.
export const random = randomBot<ECState>({
  weights: {
    MoveCreature: 0.05,
    Mutate: 0.05,
    Respawn: 0.2,
    Reinforce: 0.3,
    Harvest: 0.3,
    Mulligan: 0.3,
    RedrawHand: 0.3,
    KeepResident: 0.5,
  },
});

function score(s: ECState, p: PlayerId, c: Command): number {
  const pl = s.players[p]!;
  const opp = opponentOf(s, p);
  const str = (k: string) => String(c[k]);
  switch (c.type) {
    case 'Keep':
      return 10;
    case 'Mulligan':
      return pl.hand.filter((h) => 'cardId' in h && cardDef(h.cardId).type === 'Element Stone').length === 0
        ? 20
        : 0;
    case 'DeclineRedraw':
      return 10;
    case 'RedrawHand':
      return 0;
    case 'PutUnder':
    case 'ChooseTrigger':
    case 'Discard':
      return 1;
    case 'ArrangeTop':
      return 1;
    case 'ChooseConstruct':
      return c.cardId === null ? 0 : 5;
    case 'PlayFree':
      return 10;
    case 'DeclineFreePlay':
      return 0;
    case 'DeployCreature': {
      const w = locate(s, str('card'));
      if (!w) return 0;
      // Strong hitters attack; sturdy ones defend.
      return 50 + (c.zone === 'atk' ? power(s, w) : health(s, w) - 1);
    }
    case 'AttachFamiliar':
      return 45;
    case 'KeepResident':
      return 40;
    case 'PlayStone': {
      // Grow up to three stacks, then make them taller.
      if (pl.stacks.length < 3) return c.stack === null ? 90 : 10;
      if (c.stack === null) return 5;
      const st = pl.stacks.find((x) => x.id === c.stack)!;
      return 60 - st.stones.length;
    }
    case 'PlayCard': {
      const h = pl.hand.find((x) => x.id === c.card);
      if (!h || 'hidden' in h) return 0;
      const def = cardDef(full(h).cardId);
      const t = c.target === undefined ? null : locate(s, str('target'));
      if (
        t &&
        t.player === p &&
        def.type === 'Spell' &&
        (def.effects ?? []).some((e) => e.kind === 'damage' || e.kind === 'destroy')
      )
        return -5;
      if (t && t.player !== p && (def.effects ?? []).some((e) => e.kind === 'pump')) return -5;
      if (def.id === 'total-annihilation')
        return inPlay(s).filter((w) => w.player === opp).length >
          inPlay(s).filter((w) => w.player === p).length
          ? 70
          : -5;
      // The smallest stack that casts it keeps the tall ones for big cards.
      const st = pl.stacks.find((x) => x.id === c.stack)!;
      return 70 + def.level * 3 - st.stones.length + (c.tribute ? 2 : 0);
    }
    case 'DeclareAttack': {
      const a = locate(s, str('attacker'));
      if (!a) return 0;
      const ap = power(s, a);
      if (c.target === opp) {
        const blockers = inPlay(s).filter(
          (w) =>
            w.player === opp && inDef(w) && (!has(a.perm.cardId, 'Aerial') || has(w.perm.cardId, 'Aerial')),
        );
        const wall = blockers.some((b) => power(s, b) >= health(s, a) - a.perm.damage);
        return wall ? 20 : 60 + ap;
      }
      const t = locate(s, str('target'));
      if (!t) return 0;
      const kills = ap >= health(s, t) - t.perm.damage;
      const dies = power(s, t) >= health(s, a) - a.perm.damage;
      return kills && !dies ? 75 : kills ? 35 : 5;
    }
    case 'RangedAttack':
      return c.target === opp
        ? 55
        : (() => {
            const t = locate(s, str('target'));
            return t && t.player !== p ? 50 : -5;
          })();
    case 'DeclareBlocker': {
      const b = locate(s, str('creature'));
      const a = s.attack ? locate(s, s.attack.attacker) : null;
      if (!b || !a) return 0;
      return power(s, a) >= health(s, b) - b.perm.damage && power(s, b) < health(s, a) - a.perm.damage
        ? 15
        : 40;
    }
    case 'Mutate': {
      // Only into something bigger: a Lindwurm into a Lindwurm would loop.
      const w = locate(s, str('card'));
      const m = [...pl.hand, ...pl.archive].find((x) => x.id === c.mutant);
      return w && m && 'cardId' in m && cardDef(m.cardId).level > cardDef(w.perm.cardId).level ? 30 : -10;
    }
    case 'Respawn': {
      const a = pl.archive.find((x) => x.id === c.card);
      const h = pl.hand.find((x) => x.id === c.discard);
      return a &&
        h &&
        'cardId' in h &&
        h.cardId !== a.cardId &&
        cardDef(h.cardId).level < cardDef(a.cardId).level
        ? 30
        : -10;
    }
    case 'Discharge':
    case 'Reinforce':
      return 30;
    case 'Harvest':
      return 25;
    case 'FinishDefense':
    case 'EndStandby':
    case 'EndMain':
    case 'EndTurn':
      return 2;
    case 'MoveCreature':
      return -10;
    default:
      return 0;
  }
}

export const greedy = greedyBot<ECState>(score);

export const bots = { random, greedy };
