'use client';
// The perspective switch (public, each seat, judge — as far as the token allows) and the token dialog.
import { useEffect, useRef, useState } from 'react';
import { Icon } from './Icon';
import { readClaims, tokenProblem, type Perspective } from '../lib/viewer';

export interface PerspectiveSwitchProps {
  value: Perspective;
  seats: readonly { id: string; name: string }[];
  allowed: readonly Perspective[];
  onChange: (p: Perspective) => void;
  onNeedToken: (wanted: Perspective) => void;
}

export function PerspectiveSwitch({ value, seats, allowed, onChange, onNeedToken }: PerspectiveSwitchProps) {
  const options: { id: Perspective; label: string }[] = [
    { id: 'public', label: 'Public' },
    // Names fit beside two seats; with more, the seat alone (the name is in the title).
    ...seats.map((s) => ({ id: s.id as Perspective, label: s.name && s.name !== s.id && seats.length <= 2 ? `${s.id.toUpperCase()} · ${s.name}` : s.id.toUpperCase() })),
    ...(allowed.includes('coverage') ? [{ id: 'coverage' as Perspective, label: 'Coverage' }] : []),
    { id: 'judge', label: 'Judge' },
  ];
  return (
    <div className="segmented" role="radiogroup" aria-label="Perspective">
      {options.map((o) => {
        const ok = allowed.includes(o.id);
        return (
          <button
            key={o.id}
            type="button"
            role="radio"
            aria-checked={value === o.id}
            className={`${value === o.id ? 'on' : ''}${ok ? '' : ' locked'}`}
            title={ok ? `See the match as ${o.label}` : `${o.label} needs a token: paste one`}
            data-perspective={o.id}
            onClick={() => (ok ? onChange(o.id) : onNeedToken(o.id))}
          >
            {!ok && <Icon name="lock" size={11} />}
            {o.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TokenDialogProps {
  open: boolean;
  matchId: string;
  wanted: Perspective | null;
  hasToken: boolean;
  onSave: (token: string) => void;
  onForget: () => void;
  onClose: () => void;
}

export function TokenDialog({ open, matchId, wanted, hasToken, onSave, onForget, onClose }: TokenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      setText('');
      setProblem(null);
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    if (!open && d.open) d.close();
  }, [open]);
  const submit = () => {
    const p = tokenProblem(text, matchId, Date.now());
    if (p) {
      setProblem(p);
      return;
    }
    const c = readClaims(text)!;
    if (wanted && wanted !== 'public') {
      const opens = c.role === 'judge' || (c.role === 'coverage' && wanted === 'coverage') || (c.role === 'seat' && c.seat === wanted);
      if (!opens) {
        setProblem(`This ${c.role}${c.seat ? ` (${c.seat})` : ''} token does not open the ${wanted} perspective.`);
        return;
      }
    }
    onSave(text.trim());
  };
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="token-title" onClose={onClose} onCancel={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 id="token-title">{wanted && wanted !== 'public' ? `Token for ${wanted === 'judge' ? 'the judge view' : wanted.toUpperCase()}` : 'Viewer token'}</h2>
        <p className="muted">
          Seat tokens come with the match when it is created; judges get one from an operator (
          <code>npx matchtape token --role judge</code>). It stays in this browser tab only.
        </p>
        <label className="field">
          <span>Token</span>
          <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} placeholder="mt1.…" spellCheck={false} autoFocus />
        </label>
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          {hasToken && (
            <button type="button" className="btn ghost" onClick={onForget}>
              Forget my token
            </button>
          )}
          <button type="button" className="btn ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn primary">
            Use token
          </button>
        </div>
      </form>
    </dialog>
  );
}
