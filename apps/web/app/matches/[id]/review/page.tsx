import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ReviewView } from '../../../../src/components/review/ReviewView';
import './review.css';

export const metadata: Metadata = { title: 'Dispute review · Matchtape' };

// The judge's review of one match: `?dispute=d1` opens that dispute's case (the moment ±N events, perspectives,
// rejections, decision times, rule text, who knew what, diff, verification, fork); without it, the match's
// disputes and a form to open one. Needs a judge token (`?token=` once, or pasted; kept in this tab).
export default async function ReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<div className="state-panel">Loading review…</div>}>
      <ReviewView matchId={decodeURIComponent(id)} />
    </Suspense>
  );
}
