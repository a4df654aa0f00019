'use client';
// The organiser's registration form (while the event takes registrations): the player's name, who plays the seat
// (a person or a bot), the decklist; a refused decklist is answered in words, line by line.
import type { EventView } from '@matchtape/server/events-contract';
import { useState } from 'react';
import type { DeckLine } from '../../lib/table';
import { DeckRefused, readEvent, registerPlayer, type Bot } from './registerPlayer';

/** A 422's lines in words: each line of the decklist with ✓ or what is wrong with it (line 0: the deck as a whole). */
function DeckLines({ lines }: { lines: DeckLine[] }) {
  return (
    <ol className="deck-lines" aria-label="The decklist, line by line">
      {lines.map((l) => (
        <li key={l.line} className={l.ok ? 'deck-ok' : 'deck-bad'} data-ok={l.ok}>
          {l.line === 0 ? 'The deck: ' : <code>{l.text}</code>}{' '}
          {l.ok ? '✓' : <span className="error-text">{l.message ?? 'not accepted'}</span>}
        </li>
      ))}
    </ol>
  );
}

export interface RegisterPlayerFormProps {
  api: string;
  token: string;
  presets: readonly string[];
  busy: boolean;
  /** Runs a step with the panel's busy flag and error line. */
  act(f: () => Promise<void>): void;
  onView(v: EventView): void;
}

export function RegisterPlayerForm({ api, token, presets, busy, act, onView }: RegisterPlayerFormProps) {
  const [name, setName] = useState('');
  const [deck, setDeck] = useState('');
  const [bot, setBot] = useState<Bot>('');
  const [lines, setLines] = useState<DeckLine[]>([]);
  const register = async () => {
    setLines([]);
    try {
      await registerPlayer(api, token, { name, deck, bot });
    } catch (e) {
      if (e instanceof DeckRefused) setLines(e.lines);
      throw e;
    }
    setName('');
    // The page's view (and with it the invite list, read from the server) follows the registration at once.
    const v = await readEvent(api);
    if (v) onView(v);
  };
  return (
    <form
      aria-label="Register a player"
      onSubmit={(e) => {
        e.preventDefault();
        act(register);
      }}
    >
      <div className="row">
        <label>
          Player name <input required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Played by{' '}
          <select value={bot} onChange={(e) => setBot(e.target.value as Bot)}>
            <option value="">a person</option>
            <option value="greedy">the greedy bot</option>
            <option value="random">the random bot</option>
          </select>
        </label>
      </div>
      <label>
        Decklist, one “3 Card Name” a line (or a preset&apos;s name: {presets.join(', ')})
        <textarea rows={6} value={deck} spellCheck={false} onChange={(e) => setDeck(e.target.value)} />
      </label>
      <div className="row">
        <button
          type="submit"
          className="btn primary register-player"
          disabled={busy || !name.trim() || !deck.trim()}
        >
          Register
        </button>
      </div>
      {lines.length > 0 && <DeckLines lines={lines} />}
    </form>
  );
}
