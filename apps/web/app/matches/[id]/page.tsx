import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { MatchView } from '../../../src/components/MatchView';
import { matchExists } from '../../../src/server/upstream';

/** The page's title, and oEmbed discovery: a link to the match unfurls into the embeddable player (/embed/ID). */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host');
  const proto = h.get('x-forwarded-proto') ?? 'http';
  const origin = host ? `${proto.split(',')[0]!.trim()}://${host.split(',')[0]!.trim()}` : '';
  const page = `${origin}/matches/${id}`;
  return {
    title: 'Match · Matchtape',
    alternates: {
      types: {
        'application/json+oembed': [
          {
            url: `${origin}/api/oembed?url=${encodeURIComponent(page)}&format=json`,
            title: 'Matchtape replay',
          },
        ],
      },
    },
  };
}

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
