'use client';
// The prompt pane beside the board (as jinteki.net's and Talishar's): what the opponent is doing, what the game
// asks of you, the actions of the card you picked (or the general ones), the target or payment still to choose,
// and the one Pass button (Space / Enter). Every button is an offer of the server, in the game's own words.
import type { ReactNode } from 'react';
import { type Offer, type OfferGroup, type OrderChoice, type Step } from '../../lib/table';
import { OrderList } from './OrderList';

export interface ActionPanelProps {
  step: Step;
  /** Names of cards and players for the target buttons. */
  nameOf(id: string): string;
  pickedName: string | null;
  pass: Offer | null;
  busy: boolean;
  onGroup(g: OfferGroup): void;
  onPick(id: string): void;
  onSend(o: Offer): void;
  onCancel(): void;
  sourceCount: number;
  /** Whether the board draws this id (a trigger or an effect that starts an action may not be a card on the board). */
  onBoard(id: string): boolean;
  /** Triggers to put in order (two or more ordering offers of one type): a list to drag, not buttons. */
  order: OrderChoice | null;
  /** The rest of a confirmed order is being sent. */
  orderBusy: boolean;
  words(text: string): string;
  onOrder(ids: string[]): void;
}

function GroupButton({ g, onGroup, busy }: { g: OfferGroup; onGroup(g: OfferGroup): void; busy: boolean }) {
  return (
    <button
      type="button"
      className={`btn offer-group offer-${g.kind}`}
      data-kind={g.kind}
      data-type={g.offers[0]!.command.type}
      data-count={g.offers.length}
      disabled={busy}
      onClick={() => onGroup(g)}
    >
      {g.label}
      {g.offers.length > 1 && <span className="offer-more">{g.offers.length} ways</span>}
    </button>
  );
}

const ASK = {
  targets: 'Choose a target: click a highlighted card.',
  pays: 'Choose how to pay: click a highlighted card.',
  cards: 'Choose the cards: click the highlighted ones, then confirm.',
} as const;

export function ActionPanel(p: ActionPanelProps) {
  const { step } = p;
  let body: ReactNode = null;
  if (step.kind === 'actions') {
    // Passing has its own button; conceding its own confirmed action; a card's actions show when it is picked.
    const ordered = p.order ? p.order.type : null;
    const groups = step.groups.filter(
      (g) =>
        g.kind !== 'pass' &&
        g.kind !== 'concede' &&
        !(p.pass && g.offers.length === 1 && g.offers[0] === p.pass) &&
        g.offers[0]!.command.type !== ordered &&
        (p.pickedName !== null || g.source === null || !p.onBoard(g.source)),
    );
    body = (
      <>
        {p.pickedName && <div className="panel-picked">{p.pickedName}</div>}
        {p.order && !p.pickedName && (
          <OrderList choice={p.order} busy={p.busy || p.orderBusy} words={p.words} onConfirm={p.onOrder} />
        )}
        {groups.length > 0 ? (
          <div
            className="offer-list"
            role="group"
            aria-label={p.pickedName ? `What ${p.pickedName} can do` : 'What you can do'}
          >
            {groups.map((g) => (
              <GroupButton key={g.key} g={g} onGroup={p.onGroup} busy={p.busy} />
            ))}
          </div>
        ) : (
          !p.pickedName &&
          !p.order &&
          p.sourceCount === 0 &&
          !p.pass && <p className="muted">Nothing to do right now.</p>
        )}
        {!p.pickedName && p.sourceCount > 0 && (
          <p className="muted panel-hint">
            {p.sourceCount === 1 ? 'One card can act' : `${p.sourceCount} cards can act`}: click a highlighted
            card to see what it can do.
          </p>
        )}
      </>
    );
  } else if (step.kind === 'targets' || step.kind === 'pays' || step.kind === 'cards') {
    body = (
      <>
        {p.pickedName && <div className="panel-picked">{p.pickedName}</div>}
        <p className="panel-ask">{ASK[step.kind]}</p>
        <div
          className="offer-list"
          role="group"
          aria-label={step.kind === 'targets' ? 'Targets' : step.kind === 'pays' ? 'Payments' : 'Cards'}
        >
          {step.ids.map((id) => (
            <button
              key={id}
              type="button"
              className="btn choice-pick"
              data-id={id}
              disabled={p.busy}
              onClick={() => p.onPick(id)}
            >
              {p.nameOf(id)}
            </button>
          ))}
          {step.done.map((o) => (
            <button
              key={o.key}
              type="button"
              className="btn primary choice-done"
              data-kind={o.kind}
              disabled={p.busy}
              onClick={() => p.onSend(o)}
            >
              {o.label}
            </button>
          ))}
        </div>
      </>
    );
  } else if (step.kind === 'list') {
    body = (
      <div className="offer-list" role="group" aria-label="Choose one">
        {step.offers.map((o) => (
          <button
            key={o.key}
            type="button"
            className="btn offer-item"
            data-kind={o.kind}
            disabled={p.busy}
            onClick={() => p.onSend(o)}
          >
            {o.label}
          </button>
        ))}
      </div>
    );
  }
  const picking = step.kind !== 'actions' || p.pickedName !== null;
  return (
    <div className="action-panel">
      {body}
      <div className="panel-buttons">
        {picking && (
          <button type="button" className="btn ghost cancel-pick" onClick={p.onCancel}>
            Back <kbd>Esc</kbd>
          </button>
        )}
        {p.pass && (
          <button
            type="button"
            className="btn primary pass-btn"
            data-kind="pass"
            disabled={p.busy}
            onClick={() => p.onSend(p.pass!)}
            aria-keyshortcuts="Space Enter"
          >
            {p.pass.label} <kbd>Space</kbd>
          </button>
        )}
      </div>
    </div>
  );
}
