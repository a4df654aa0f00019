// Conceding asks first: the match ends at once and cannot be taken back.
export function ConcedeConfirm({
  label,
  onConcede,
  onKeepPlaying,
}: {
  /** The concede offer's label, in words. */
  label: string;
  onConcede(): void;
  onKeepPlaying(): void;
}) {
  return (
    <div className="notice notice-warn concede-confirm" role="alertdialog" aria-labelledby="concede-q">
      <span id="concede-q">Concede this match? {label} ends it at once.</span>{' '}
      <button type="button" className="btn primary concede-yes" autoFocus onClick={onConcede}>
        Concede
      </button>{' '}
      <button type="button" className="btn" onClick={onKeepPlaying}>
        Keep playing
      </button>
    </div>
  );
}
