// The seat's choice between the server's offers: the selection made so far on the board and in the pane, the step
// it is at, and sending an offer; then the board's clicks and the one key that passes.
import { useCallback, useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import {
  EMPTY_SELECTION,
  nextStep,
  passOffer,
  sourcesOf,
  type Offer,
  type OfferGroup,
  type Selection,
  type Step,
  type TableActions,
} from '../../lib/table';
import type { TableState } from '../../lib/useTable';
import { pickInto, tileRole, type TileRoleOf } from './choice';

export interface Choice {
  sel: Selection;
  setSel: Dispatch<SetStateAction<Selection>>;
  offers: Offer[];
  /** The offers' keys: a new set of offers, not the same one read again. */
  offersKey: string;
  step: Step;
  sources: Map<string, Set<string>>;
  pass: Offer | null;
  /** Set when the player acts (not a pass): with "hold priority" on, no automatic pass follows their own action. */
  ownAction: boolean;
  sendOffer(o: Offer, manual?: boolean): Promise<void>;
}

export function useChoice(
  actions: TableActions | null,
  ended: boolean,
  known: (id: string) => boolean,
  send: TableState['send'],
): Choice {
  const [sel, setSel] = useState<Selection>(EMPTY_SELECTION);
  const offers = useMemo<Offer[]>(() => (actions && !ended ? actions.offers : []), [actions, ended]);
  // A new set of offers (not the same one read again) starts the choice over.
  const offersKey = offers.map((o) => o.key).join(' ');
  useEffect(() => setSel(EMPTY_SELECTION), [actions?.seq, offersKey]);
  const step = useMemo(() => nextStep(offers, sel, known), [offers, sel, known]);
  const sources = useMemo(() => sourcesOf(offers), [offers]);
  const pass = passOffer(offers);
  const [ownAction, setOwnAction] = useState(false);
  const sendOffer = useCallback(
    async (o: Offer, manual = true) => {
      if (manual) setOwnAction(o.kind !== 'pass');
      if (manual && o.kind === 'pass') setOwnAction(false);
      setSel(EMPTY_SELECTION);
      await send(o);
    },
    [send],
  );
  return { sel, setSel, offers, offersKey, step, sources, pass, ownAction, sendOffer };
}

export interface BoardClicks {
  onGroup(g: OfferGroup): void;
  onPick(id: string): void;
  /** What the board's tiles do (TileActContext). */
  tileAct: { role: (id: string) => TileRoleOf | null; act: (id: string) => void };
}

export function useBoardClicks(choice: Choice, busy: boolean): BoardClicks {
  const { sel, setSel, step, sources, sendOffer } = choice;
  const pickSource = (id: string) => setSel({ ...EMPTY_SELECTION, source: id });
  const onGroup = (g: OfferGroup) => {
    if (g.offers.length === 1) void sendOffer(g.offers[0]!);
    else setSel((s) => ({ ...s, source: g.source, group: g.key }));
  };
  const onPick = (id: string) => {
    if (step.kind === 'targets' || step.kind === 'pays' || step.kind === 'cards')
      setSel((s) => pickInto(s, step, id));
  };
  // One offer left after a pick: send it (a click on the last target is the decision).
  useEffect(() => {
    if (step.kind === 'send' && sel.group !== null) void sendOffer(step.offer);
  }, [step, sel.group, sendOffer]);

  const roleOf = useCallback(
    (id: string) => tileRole(id, sel, step, sources, busy),
    [sel, step, sources, busy],
  );
  const act = useCallback(
    (id: string) => {
      const r = roleOf(id);
      if (!r) return;
      if (r.role === 'source') pickSource(id);
      else if (r.role === 'selected' && sel.source === id) setSel(EMPTY_SELECTION);
      else if (r.role === 'target' || r.role === 'pay') onPick(id);
    },
    [roleOf, sel.source, step],
  );
  const tileAct = useMemo(() => ({ role: roleOf, act }), [roleOf, act]);
  return { onGroup, onPick, tileAct };
}

/** One key passes: Space or Enter, when the focus is not on a control that answers those keys itself; Esc drops the choice. */
export function usePassKey(choice: Choice, busy: boolean): void {
  const { pass, sendOffer, setSel } = choice;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setSel(EMPTY_SELECTION);
        return;
      }
      if (e.key !== ' ' && e.key !== 'Enter') return;
      const el = e.target as HTMLElement | null;
      if (el && el.closest('button, a, input, textarea, select, [role="button"], dialog')) return;
      if (!pass || busy) return;
      e.preventDefault();
      void sendOffer(pass);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pass, busy, sendOffer]);
}
