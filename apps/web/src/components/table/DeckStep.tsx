'use client';
// Before the match: the seat's deck, as a preset or in the game's usual text form ("3 Card Name" a line). The
// server's validateDeck answers line by line; the match starts once every seat has a deck.
import { useState } from 'react';
import { submitDeck, type DeckLine } from '../../lib/table';

export function DeckStep({
  matchId,
  token,
  presets,
  onDone,
}: {
  matchId: string;
  token: string;
  presets: readonly string[];
  onDone(): void;
}) {
  const [text, setText] = useState('');
  const [lines, setLines] = useState<DeckLine[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (body: { text: string } | { preset: string }) => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await submitDeck(matchId, token, body);
      if (r.ok) {
        setLines([]);
        onDone();
      } else {
        setLines(r.lines);
        setMessage(r.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="deck-step state-panel" aria-labelledby="deck-title">
      <h1 id="deck-title">Choose your deck</h1>
      <p className="muted">The match starts when every player has a deck.</p>
      {presets.length > 0 && (
        <div className="deck-presets" role="group" aria-label="Preset decks">
          {presets.map((p) => (
            <button
              key={p}
              type="button"
              className="btn deck-preset"
              disabled={busy}
              onClick={() => void submit({ preset: p })}
            >
              {p}
            </button>
          ))}
        </div>
      )}
      <form
        className="deck-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ text });
        }}
      >
        <label htmlFor="deck-text">Or paste a decklist, one “3 Card Name” a line</label>
        <textarea
          id="deck-text"
          rows={10}
          value={text}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
        />
        <div className="row">
          <button type="submit" className="btn primary" disabled={busy || text.trim() === ''}>
            Submit deck
          </button>
        </div>
      </form>
      {message && (
        <p className="error-text" role="alert">
          {message}
        </p>
      )}
      {lines.length > 0 && (
        <ol className="deck-lines" aria-label="The deck, line by line">
          {lines.map((l) => (
            <li key={l.line} className={l.ok ? 'deck-ok' : 'deck-bad'} data-ok={l.ok}>
              <code>{l.text}</code>{' '}
              {l.ok ? '✓' : <span className="error-text">{l.message ?? 'not accepted'}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
