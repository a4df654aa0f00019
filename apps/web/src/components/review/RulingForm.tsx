// A judge's ruling on a dispute: the ruling in words, the rule, the remedy, and the fork play continues in.
import { useState } from 'react';

export function RulingForm({
  send,
}: {
  /** Posts `body` to the dispute's `path`; `reset` runs once the server took it. */
  send(path: string, body: unknown, reset: () => void): unknown;
}) {
  const [ruling, setRuling] = useState('');
  const [rule, setRule] = useState('');
  const [remedy, setRemedy] = useState('none');
  const [fork, setFork] = useState('');
  return (
    <form
      className="review-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send(
          '/ruling',
          { ruling, remedy, ...(rule ? { rule } : {}), ...(fork ? { forkMatchId: fork } : {}) },
          () => setRuling(''),
        );
      }}
    >
      <label>
        Ruling{' '}
        <input aria-label="Ruling" value={ruling} onChange={(e) => setRuling(e.target.value)} required />
      </label>
      <label>
        Rule{' '}
        <input
          aria-label="Rule"
          value={rule}
          onChange={(e) => setRule(e.target.value)}
          placeholder="710.1"
          size={8}
        />
      </label>
      <label>
        Remedy{' '}
        <select aria-label="Remedy" value={remedy} onChange={(e) => setRemedy(e.target.value)}>
          {['none', 'warning', 'rewind', 'game-loss', 'other'].map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <label>
        Fork{' '}
        <input
          aria-label="Fork match id"
          value={fork}
          onChange={(e) => setFork(e.target.value)}
          placeholder="for a rewind"
        />
      </label>
      <button className="btn primary" type="submit">
        Record ruling
      </button>
    </form>
  );
}
