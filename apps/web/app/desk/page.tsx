import type { Metadata } from 'next';
import { DeskView } from '../../src/components/desk/DeskView';

export const metadata: Metadata = { title: 'Desk · Matchtape' };

/** Every live match at a glance (the producer's desk): src/components/desk/DeskView.tsx. */
export default function DeskPage() {
  return <DeskView />;
}
