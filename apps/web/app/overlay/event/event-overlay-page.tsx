import { Suspense } from 'react';
import { EventOverlay } from '../../../src/components/overlay/EventOverlay';
import type { OverlayKind } from '../../../src/components/overlay/Overlay';

export const eventOverlayMetadata = { title: 'Event overlay · Matchtape' };

/** The page of one event overlay: it follows the event's featured table (no change in OBS when the producer switches). */
export function eventOverlayPage(kind: OverlayKind) {
  return async function Page({ params }: { params: Promise<{ id: string; seat?: string }> }) {
    const { id, seat } = await params;
    return (
      <Suspense fallback={null}>
        <EventOverlay
          kind={kind}
          eventId={decodeURIComponent(id)}
          {...(seat !== undefined ? { seat: decodeURIComponent(seat) } : {})}
        />
      </Suspense>
    );
  };
}
