// Fold suite of `bench --peers` (issue 27): how fast each game's evolve folds a real match, the rate seek, scrub,
// knowledge and projection rebuilds pay for. Random-bot matches of two seats, played once through the engine
// (MatchSession), then folded from zero in every trial. Two rows a game: events per second of wall time, and per
// second of this process's CPU time (process.cpuUsage), which is what a core of its own would give: on a shared
// machine (eight helpers on two cores) the wall figure mostly measures the neighbours.
import { fold } from '@matchtape/engine';
import { playSeats } from './long-match';
import { measure, type BenchSuite } from './suite';

export const foldSuite: BenchSuite = {
  name: 'fold',
  async run(o, rows) {
    const trials = o.quick ? 5 : 15;
    for (const game of o.games) {
      o.progress(`bench peers: fold, playing ${game.id} bot matches`);
      const matches = Array.from({ length: o.quick ? 2 : 4 }, (_, i) => playSeats(game, 2, `fold-${i}`));
      const n = matches.reduce((a, m) => a + m.length, 0);
      const wall: number[] = [];
      const cpu: number[] = [];
      const once = (): void => {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        for (const m of matches) fold(game, m);
        const c = process.cpuUsage(c0);
        wall.push(n / ((performance.now() - t0) / 1000));
        cpu.push(n / ((c.user + c.system) / 1e6));
      };
      for (let w = 0; w < 3; w++) once(); // the optimiser's warm-up, not measured
      wall.length = cpu.length = 0;
      for (let t = 0; t < trials; t++) once();
      const what = `fold from zero, ${game.id} (${matches.length} random-bot matches, ${n.toLocaleString('en-US')} events)`;
      rows.push({
        suite: 'fold',
        what: `${what}, wall time`,
        unit: 'events/s',
        value: measure(wall),
        target: '≥ 250,000',
      });
      rows.push({
        suite: 'fold',
        what: `${what}, per CPU-second of the process`,
        unit: 'events/CPU-s',
        value: measure(cpu),
        target: '≥ 250,000',
      });
    }
  },
};
