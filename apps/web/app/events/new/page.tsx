import type { Metadata } from 'next';
import { NewEventForm } from '../../../src/components/events/Organiser';

export const metadata: Metadata = { title: 'New event · Matchtape' };

export default function NewEventRoute() {
  return <NewEventForm />;
}
