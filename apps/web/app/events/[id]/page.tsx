import type { Metadata } from 'next';
import { Suspense } from 'react';
import { EventPage } from '../../../src/components/events/EventPage';

export const metadata: Metadata = { title: 'Event · Matchtape', referrer: 'no-referrer' };

export default async function EventRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={null}>
      <EventPage id={decodeURIComponent(id)} />
    </Suspense>
  );
}
