import { MatchList } from '../src/components/MatchList';

export default function Home() {
  return <MatchList />;
}
