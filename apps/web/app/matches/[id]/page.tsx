import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { MatchView } from '../../../src/components/MatchView';
import { matchExists } from '../../../src/server/upstream';

export const metadata: Metadata = { title: 'Match · Matchtape' };

export default async function MatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const matchId = decodeURIComponent(id);
  // A match the server does not know answers 404 with a page for people (not-found.tsx); when the server cannot
  // be asked, the page renders and says so itself (with a retry).
  if ((await matchExists(matchId)) === false) notFound();
  return (
    <Suspense fallback={<div className="state-panel">Loading match…</div>}>
      <MatchView matchId={matchId} />
    </Suspense>
  );
}
