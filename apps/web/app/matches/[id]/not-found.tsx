import Link from 'next/link';

export default function MatchNotFound() {
  return (
    <div className="state-panel" role="alert">
      <h1>Match not found</h1>
      <p>
        There is no match at this address. It may have been mistyped, or the link may come from another
        Matchtape server.
      </p>
      <div className="row">
        <Link className="btn primary" href="/">
          See all matches
        </Link>
      </div>
    </div>
  );
}
