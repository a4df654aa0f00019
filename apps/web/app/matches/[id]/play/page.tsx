import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TableView } from '../../../../src/components/table/TableView';
import { matchExists } from '../../../../src/server/upstream';
import '../../../table.css';

export const metadata: Metadata = { title: 'Your table · Matchtape' };

export default async function PlayPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const matchId = decodeURIComponent(id);
  if ((await matchExists(matchId)) === false) notFound();
  return <TableView matchId={matchId} />;
}
