// Quick throughput bench (not a test, nothing asserted): whole bot matches through the kernel runner
// (decide + stamp + hash chain), per bot pairing. Run: npx tsx packages/games/alpha-clash/scripts/bench.ts [matches]
import { playMatch } from '@matchtape/engine/testing';
import { alphaClash } from '../src/index';

const n = Number(process.argv[2] ?? 40);
for (const bots of [
  { p1: 'random', p2: 'random' },
  { p1: 'greedy', p2: 'greedy' },
  { p1: 'random', p2: 'greedy' },
] as const) {
  let events = 0;
  let commands = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const m = playMatch(alphaClash, { seed: `bench-${i}`, bots });
    events += m.events.length;
    commands += m.commands;
  }
  const s = (performance.now() - t0) / 1000;
  console.log(
    `${bots.p1} vs ${bots.p2}: ${n} matches in ${s.toFixed(1)} s = ${(n / s).toFixed(1)} matches/s, ${Math.round(events / s)} events/s, ${Math.round(commands / s)} commands/s (${Math.round(events / n)} events/match)`,
  );
}
