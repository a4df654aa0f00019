// How a click on the board moves the seat's choice along, pure: the role a tile plays in the choice being made and
// the selection after a pick.
import type { Selection, Step } from '../../lib/table';
import type { TileRole } from '../Tile';

export interface TileRoleOf {
  role: TileRole;
  kinds?: string;
}

/**
 * What a tile is for now: part of the choice so far, a target or payment the step asks for, or (before an action
 * is chosen) the source of some offers, with their kinds. Nothing while a command is on its way.
 */
export function tileRole(
  id: string,
  sel: Selection,
  step: Step,
  sources: ReadonlyMap<string, ReadonlySet<string>>,
  busy: boolean,
): TileRoleOf | null {
  if (busy) return null;
  if (sel.source === id || sel.targets.includes(id) || sel.pays.includes(id) || sel.cards.includes(id))
    return { role: 'selected' };
  if ((step.kind === 'targets' || step.kind === 'cards') && step.ids.includes(id)) return { role: 'target' };
  if (step.kind === 'pays' && step.ids.includes(id)) return { role: 'pay' };
  if (sel.group === null) {
    const kinds = sources.get(id);
    if (kinds) return { role: 'source', kinds: [...kinds].join(' ') };
  }
  return null;
}

/** The selection after picking `id` on the board: a target, a payment or a card, as the step asks. */
export function pickInto(sel: Selection, step: Step, id: string): Selection {
  if (step.kind === 'targets') return { ...sel, targets: [...sel.targets, id] };
  if (step.kind === 'pays') return { ...sel, pays: [...sel.pays, id] };
  if (step.kind === 'cards') return { ...sel, cards: [...sel.cards, id] };
  return sel;
}
