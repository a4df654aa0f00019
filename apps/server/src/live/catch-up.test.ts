import { describe, expect, it } from 'vitest';
import { CatchUp } from './catch-up';

/** A pass the test releases by hand, so the order of requests and passes is fixed, not timed. */
function gatedPasses() {
  const gates: (() => void)[] = [];
  let passes = 0;
  const pass = async (): Promise<void> => {
    passes++;
    await new Promise<void>((r) => gates.push(r));
  };
  const releaseOne = async (): Promise<void> => {
    for (let i = 0; i < 20 && gates.length === 0; i++) await Promise.resolve();
    gates.shift()!();
  };
  return { pass, releaseOne, passes: () => passes };
}

describe('CatchUp', () => {
  it('runs one pass at a time, and one more pass for every burst of requests made during a pass', async () => {
    const g = gatedPasses();
    let settled = 0;
    const loop = new CatchUp(g.pass, () => settled++);
    const first = loop.run();
    const second = loop.run();
    const third = loop.run();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(g.passes()).toBe(1);
    await g.releaseOne();
    await g.releaseOne();
    await first;
    expect(g.passes()).toBe(2);
    expect(settled).toBe(1);
  });

  it('repeats while a pass asks for another, and starts afresh after a failed pass', async () => {
    const answers = [true, true, false];
    let passes = 0;
    const loop = new CatchUp(async () => {
      passes++;
      return answers.shift();
    });
    await loop.run();
    expect(passes).toBe(3);

    const failing = new CatchUp(async () => {
      throw new Error('store down');
    });
    await expect(failing.run()).rejects.toThrow('store down');
    await expect(failing.run()).rejects.toThrow('store down');
  });
});
