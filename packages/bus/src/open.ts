// openBus: NATS JetStream when a URL is given, else the in-process bus.
import { MemoryBus, type MemoryBusOptions } from './memory';
import { NatsBus, type NatsBusOptions } from './nats';
import type { Bus } from './types';

export interface OpenBusOptions
  extends Omit<NatsBusOptions, 'url'>, Omit<MemoryBusOptions, 'duplicateWindowMs'> {
  /** nats://… — use NATS JetStream. Absent: in-process bus (embedded default). */
  natsUrl?: string;
}

export async function openBus(opts: OpenBusOptions = {}): Promise<Bus> {
  if (opts.natsUrl) return NatsBus.open({ ...opts, url: opts.natsUrl });
  return new MemoryBus(opts);
}
