// The answer to a new match: its link, and each person seat's invite link to send to its player.
import { inviteName, type SeatRow } from './new-match';

export function InviteLinks({
  created,
  rows,
}: {
  created: { matchId: string; invites: [string, string][] };
  rows: readonly SeatRow[];
}) {
  return (
    <div className="invites" aria-label="Invite links">
      <p>
        Match <a href={`/matches/${encodeURIComponent(created.matchId)}`}>{created.matchId}</a> is ready. Send
        each player their link:
      </p>
      <ul>
        {created.invites.map(([seat, path]) => {
          const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();
          return (
            <li key={seat} data-seat={seat}>
              <strong>{inviteName(rows, seat)}</strong> ({seat}):{' '}
              <input readOnly className="invite-link" value={url} onFocus={(e) => e.currentTarget.select()} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
