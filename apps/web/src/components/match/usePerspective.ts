'use client';
// Whose eyes the match page sees through: the perspective, the token dialog, and the notice for a link to a
// perspective this tab's token does not open (the page starts on the public board, never a blank page).
import { useEffect, useState } from 'react';
import { forgetToken, perspectivesFor, readClaims, saveToken, type Perspective } from '../../lib/viewer';

export interface PerspectiveState {
  as: Perspective;
  /** The linked perspective that needs a token (a notice says where it comes from); null when none. */
  needsToken: Perspective | null;
  dismissNeedsToken: () => void;
  /** The token dialog, with the perspective it was opened for (null: just set or forget the token). */
  dialog: { wanted: Perspective | null } | null;
  openDialog: (wanted: Perspective | null) => void;
  closeDialog: () => void;
  switchTo: (p: Perspective) => void;
  /** The dialog's save: keep the token for this match and switch to the perspective it was opened for. */
  saveDialogToken: (t: string) => void;
  /** The dialog's forget: drop the token and go back to the public board. */
  forgetDialogToken: () => void;
}

export function usePerspective(opts: {
  matchId: string;
  token: string | null;
  setToken: (t: string | null) => void;
  initialAs: Perspective;
  /** The match's seats once known (a seat it does not have is loaded, and the page says so). */
  seats: readonly { id: string }[] | null;
  /** Called on every switch (playback stops). */
  onSwitch?: () => void;
}): PerspectiveState {
  const { matchId, token, setToken, initialAs, seats, onSwitch } = opts;
  const [as, setAs] = useState<Perspective>(() =>
    initialAs === 'public' ||
    perspectivesFor(token ? readClaims(token) : null, [initialAs]).includes(initialAs)
      ? initialAs
      : 'public',
  );
  const [needsToken, setNeedsToken] = useState<Perspective | null>(as !== initialAs ? initialAs : null);
  const [dialog, setDialog] = useState<{ wanted: Perspective | null } | null>(null);

  // A seat the match does not have is not a token problem: load it, and the page says there is no such seat.
  useEffect(() => {
    if (
      !seats ||
      !needsToken ||
      needsToken === 'judge' ||
      needsToken === 'coverage' ||
      seats.some((p) => p.id === needsToken)
    )
      return;
    setNeedsToken(null);
    setAs(needsToken);
  }, [seats, needsToken]);

  return {
    as,
    needsToken,
    dismissNeedsToken: () => setNeedsToken(null),
    dialog,
    openDialog: (wanted) => setDialog({ wanted }),
    closeDialog: () => setDialog(null),
    switchTo: (p) => {
      setAs(p);
      onSwitch?.();
    },
    saveDialogToken: (t) => {
      saveToken(sessionStorage, matchId, t);
      setToken(t);
      const w = dialog?.wanted;
      setDialog(null);
      if (w) setAs(w);
      if (w === needsToken) setNeedsToken(null);
    },
    forgetDialogToken: () => {
      forgetToken(sessionStorage, matchId);
      setToken(null);
      setAs('public');
      setDialog(null);
    },
  };
}
