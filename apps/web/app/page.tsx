import { MatchList } from '../src/components/MatchList';
import { PlayPanel } from '../src/components/table/PlayPanel';
import './table.css';

export default function Home() {
  return (
    <>
      <PlayPanel />
      <MatchList />
    </>
  );
}
