import type { Metadata } from 'next';
import { JoinSeat } from '../../../src/components/table/JoinSeat';
import '../../table.css';

export const metadata: Metadata = { title: 'Take your seat · Matchtape', referrer: 'no-referrer' };

export default async function JoinPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  return <JoinSeat code={decodeURIComponent(code)} />;
}
