import { Suspense } from 'react';
import { Overlay } from '../../../../../src/components/overlay/Overlay';

export const metadata = { title: 'Hand overlay · Matchtape' };

export default async function Page({ params }: { params: Promise<{ id: string; seat: string }> }) {
  const { id, seat } = await params;
  return (
    <Suspense fallback={null}>
      <Overlay kind="hand" matchId={decodeURIComponent(id)} seat={decodeURIComponent(seat)} />
    </Suspense>
  );
}
