// The pane beside the board ("Your turn"): whom the table waits for or who won, the prompt, a refused command,
// the offers (ActionPanel) and auto-pass; once the match is over, the way to its replay.
import Link from 'next/link';
import type { BoardModel } from '@matchtape/engine';
import { humanText } from '../../lib/present';
import { EMPTY_SELECTION, type TableActions } from '../../lib/table';
import type { TableState } from '../../lib/useTable';
import { ActionPanel } from './ActionPanel';
import { AutoPassPanel } from './AutoPassPanel';
import { statusLine } from './table-model';
import type { AutoPassControl } from './useAutoPass';
import type { BoardClicks, Choice } from './useChoice';
import type { Ordering } from './useOrdering';
import type { TableNames } from './useTableNames';

function Refused({ table, words }: { table: TableState; words: (text: string) => string }) {
  if (!table.refusal) return null;
  return (
    <div className="notice notice-warn refusal" role="alert">
      <strong>{words(table.refusal.label)}</strong> was refused: {table.refusal.reason}
      {table.refusal.rule && <span className="muted"> (rule {table.refusal.rule})</span>}
      {table.refusal.ruleText && <blockquote className="rule-text">{table.refusal.ruleText}</blockquote>}
      <button type="button" className="btn ghost" onClick={table.clearRefusal}>
        OK
      </button>
    </div>
  );
}

/** What the table's hooks hand the page and the pane: the table's state, its names, the choice being made. */
export interface TableControls {
  table: TableState;
  lookup: TableNames;
  choice: Choice;
  clicks: BoardClicks;
  ordering: Ordering;
  autoPass: AutoPassControl;
}

export function TableSide({
  matchId,
  seat,
  board,
  actions,
  ended,
  table,
  lookup,
  choice,
  clicks,
  ordering,
  autoPass,
  phases,
}: TableControls & {
  matchId: string;
  seat: string;
  board: BoardModel;
  actions: TableActions | null;
  ended: boolean;
  phases: readonly string[];
}) {
  const { cards, names, nameOf, onBoard } = lookup;
  const { offers, step, pass, sources, sel, setSel, sendOffer } = choice;
  const words = (text: string) => humanText(text, cards, names);
  const promptText = actions?.prompt?.text ? words(actions.prompt.text) : null;
  const waitingText = actions?.waitingFor?.text ? words(actions.waitingFor.text) : null;
  const status = statusLine({
    ended,
    winner: board.winner,
    seat,
    names,
    waitingText,
    offerCount: offers.length,
  });
  return (
    <aside className="table-side" aria-label="Your turn">
      <div className={`opp-status${waitingText ? ' opp-waiting' : ''}`} role="status" aria-live="polite">
        {status}
      </div>
      {promptText && !ended && offers.some((o) => o.kind !== 'concede') && (
        <div className="prompt-text" data-kind={actions?.prompt?.kind}>
          {promptText}
        </div>
      )}
      <Refused table={table} words={words} />
      {!ended && (
        <ActionPanel
          step={step}
          nameOf={nameOf}
          pickedName={sel.source ? nameOf(sel.source) : null}
          pass={pass}
          busy={table.busy}
          onGroup={clicks.onGroup}
          onPick={clicks.onPick}
          onSend={(o) => void sendOffer(o)}
          onCancel={() => setSel(EMPTY_SELECTION)}
          sourceCount={[...sources.keys()].filter(onBoard).length}
          onBoard={onBoard}
          order={ordering.order}
          orderBusy={ordering.orderBusy}
          words={words}
          onOrder={ordering.onOrder}
        />
      )}
      {!ended && <AutoPassPanel control={autoPass} phases={phases} phase={board.phase} step={board.step} />}
      {ended && (
        <div className="row">
          <Link className="btn primary" href={`/matches/${encodeURIComponent(matchId)}`}>
            Watch the replay
          </Link>
          <Link className="btn" href="/">
            Home
          </Link>
        </div>
      )}
    </aside>
  );
}
