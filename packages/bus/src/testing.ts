// Test helpers: an isolated bus per test (own JetStream stream and subject prefix, deleted afterwards).
import { randomBytes } from 'node:crypto';
import { MemoryBus, type MemoryBusOptions } from './memory';
import { NatsBus, type NatsBusOptions } from './nats';
import type { Bus } from './types';

export const testNatsUrl = (): string => process.env.MATCHTAPE_TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export interface TestBus {
  bus: Bus;
  /** NATS only: the isolated stream name and subject prefix, to open more clients onto the same stream. */
  nats?: { url: string; stream: string; subjectPrefix: string };
  cleanup(): Promise<void>;
}

/** A fresh bus. NATS must be reachable: tests fail, never skip, when it is not. */
export async function openTestBus(
  kind: 'memory' | 'nats',
  opts: Partial<Omit<NatsBusOptions, 'url' | 'stream' | 'subjectPrefix'>> & MemoryBusOptions = {},
): Promise<TestBus> {
  if (kind === 'memory') {
    const bus = new MemoryBus(opts);
    return { bus, cleanup: () => bus.close() };
  }
  const id = randomBytes(6).toString('hex');
  const nats = { url: testNatsUrl(), stream: `T_${id}`, subjectPrefix: `t_${id}` };
  const bus = await NatsBus.open({ ...opts, ...nats });
  return {
    bus,
    nats,
    async cleanup() {
      await bus.deleteStream().catch(() => undefined);
      await bus.close();
    },
  };
}
