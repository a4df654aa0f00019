// Reads a whole JetStream subject back with an ordered consumer, deduplicating by Nats-Msg-Id as a consumer must.
import type { Bus, BusMessage } from '@matchtape/bus';

export async function readAllMessages(
  bus: Bus,
  subject: string,
  expected: number,
): Promise<{ all: BusMessage[]; unique: Map<string, BusMessage> }> {
  const all: BusMessage[] = [];
  const sub = await bus.subscribe(subject, (m) => void all.push(m), { fromStreamSeq: 1 });
  for (let i = 0; i < 400 && all.length < expected; i++) await new Promise((r) => setTimeout(r, 25));
  await sub.stop();
  const unique = new Map<string, BusMessage>();
  for (const m of all) if (m.msgId && !unique.has(m.msgId)) unique.set(m.msgId, m);
  return { all, unique };
}
