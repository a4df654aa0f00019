import { Suspense } from 'react';
import { MatchView } from '../../../src/components/MatchView';

export default async function MatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<div className="state-panel">Loading match…</div>}>
      <MatchView matchId={decodeURIComponent(id)} />
    </Suspense>
  );
}
