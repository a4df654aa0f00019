import { Suspense } from 'react';
import { EventOverlay } from '../../../../../../src/components/overlay/EventOverlay';

export const metadata = { title: 'Event hand overlay · Matchtape' };

// The hand of seat p1 or p2 at the event's featured table (coverage token, coverage delay).
export default async function Page({ params }: { params: Promise<{ id: string; seat: string }> }) {
  const { id, seat } = await params;
  return (
    <Suspense fallback={null}>
      <EventOverlay kind="hand" eventId={decodeURIComponent(id)} seat={decodeURIComponent(seat)} />
    </Suspense>
  );
}
