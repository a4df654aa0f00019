import { Suspense } from 'react';
import { Overlay } from '../../../../src/components/overlay/Overlay';

export const metadata = { title: 'Overlay · Matchtape' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={null}>
      <Overlay kind="card" matchId={decodeURIComponent(id)} />
    </Suspense>
  );
}
