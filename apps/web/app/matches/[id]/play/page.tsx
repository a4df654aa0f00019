import type { Metadata } from 'next';
import { TableView } from '../../../../src/components/table/TableView';
import '../../../table.css';

export const metadata: Metadata = { title: 'Your table · Matchtape' };

// No existence check here (unlike the spectator page): a table waiting for decks is not a match yet, and the seat
// route (GET /api/matches/ID/seat) answers for both, with words for a link that is wrong.
export default async function PlayPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TableView matchId={decodeURIComponent(id)} />;
}
