import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="state-panel">
      <h1>Page not found</h1>
      <Link className="btn" href="/">
        All matches
      </Link>
    </div>
  );
}
