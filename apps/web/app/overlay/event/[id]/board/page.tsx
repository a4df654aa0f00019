import { Suspense } from 'react';
import { EventOverlay } from '../../../../../src/components/overlay/EventOverlay';

export const metadata = { title: 'Event overlay · Matchtape' };

// Follows the event's featured table (no change in OBS when the producer switches tables).
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={null}>
      <EventOverlay kind="board" eventId={decodeURIComponent(id)} />
    </Suspense>
  );
}
