'use client';
// The perspective switch (public, each seat, judge — as far as the token allows) and the token dialog.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { seatLabel } from '../lib/present';
import { Icon } from './Icon';
import { pastedToken, readClaims, tokenProblem, type Perspective } from '../lib/viewer';

export interface PerspectiveSwitchProps {
  value: Perspective;
  seats: readonly { id: string; name: string }[];
  allowed: readonly Perspective[];
  onChange: (p: Perspective) => void;
  onNeedToken: (wanted: Perspective) => void;
}

export function PerspectiveSwitch({ value, seats, allowed, onChange, onNeedToken }: PerspectiveSwitchProps) {
  const options: { id: Perspective; label: string; title: string }[] = [
    { id: 'public', label: 'Public', title: 'What every spectator sees' },
    // Players by name; the seat id is in the tooltip.
    ...seats.map((s) => ({
      id: s.id as Perspective,
      label: s.name && s.name !== s.id ? s.name : seatLabel(s.id),
      title: `${s.name || s.id} (seat ${s.id}): their own hand and what they know`,
    })),
    ...(allowed.includes('coverage')
      ? [{ id: 'coverage' as Perspective, label: 'Coverage', title: 'Everything, after the coverage delay' }]
      : []),
    { id: 'judge', label: 'Judge', title: 'Everything, with no delay' },
  ];
  const ref = useRef<HTMLDivElement>(null);
  const pick = (o: { id: Perspective }) => (allowed.includes(o.id) ? onChange(o.id) : onNeedToken(o.id));
  // One Tab stop (the checked radio); arrows move and select within the group, as a radio group does (WAI-ARIA
  // APG). They never reach the page's own arrow keys, which step the match.
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = options.findIndex((o) => o.id === value);
    let next = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (i + 1) % options.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (i - 1 + options.length) % options.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = options.length - 1;
    else return;
    e.preventDefault();
    e.stopPropagation();
    const o = options[next]!;
    ref.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
    if (allowed.includes(o.id)) onChange(o.id);
  };
  return (
    <div className="segmented" role="radiogroup" aria-label="Perspective" ref={ref} onKeyDown={onKey}>
      {options.map((o) => {
        const ok = allowed.includes(o.id);
        const checked = value === o.id;
        return (
          <button
            key={o.id}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            className={`${checked ? 'on' : ''}${ok ? '' : ' locked'}`}
            title={ok ? o.title : `${o.label} needs a token: paste one`}
            data-perspective={o.id}
            onClick={() => pick(o)}
          >
            {!ok && <Icon name="lock" size={11} />}
            <span className="seg-label">{o.label}</span>
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

export function TokenDialog({
  open,
  matchId,
  wanted,
  hasToken,
  onSave,
  onForget,
  onClose,
}: TokenDialogProps) {
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
      const opens =
        c.role === 'judge' ||
        (c.role === 'coverage' && wanted === 'coverage') ||
        (c.role === 'seat' && c.seat === wanted);
      if (!opens) {
        setProblem(
          `This ${c.role}${c.seat ? ` (${c.seat})` : ''} token does not open the ${wanted} perspective.`,
        );
        return;
      }
    }
    onSave(pastedToken(text));
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
        <h2 id="token-title">
          {wanted && wanted !== 'public'
            ? `Token for ${wanted === 'judge' ? 'the judge view' : wanted.toUpperCase()}`
            : 'Viewer token'}
        </h2>
        <p className="muted">
          Seat tokens come with the match when it is created; judges get one from an operator (
          <code>npx matchtape token --role judge</code>). It stays in this browser tab only.
        </p>
        <label className="field">
          <span>Token</span>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            placeholder="mt1.…"
            spellCheck={false}
            autoFocus
          />
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
