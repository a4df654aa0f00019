import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { EmbedPlayer } from '../../../src/components/embed/EmbedPlayer';
import { matchExists } from '../../../src/server/upstream';

export const metadata: Metadata = { title: 'Replay · Matchtape' };

export default async function EmbedPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const matchId = decodeURIComponent(id);
  // Public view only: a match the public cannot see (none, or a sealed fork) is a 404, as on the match page.
  if ((await matchExists(matchId)) === false) notFound();
  return (
    <Suspense fallback={<div className="state-panel">Loading replay…</div>}>
      <EmbedPlayer matchId={matchId} />
    </Suspense>
  );
}
