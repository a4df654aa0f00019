// Spawns fixtures/relay-child.ts (a relay in its own process) on a test store and bus.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { TestBus } from '@matchtape/bus/testing';
import { testDatabaseUrl, type TestStore } from '@matchtape/store/testing';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('../fixtures/relay-child.ts', import.meta.url));

/** killAt `never`: the child runs until killed from outside. */
export function spawnRelayChild(
  t: TestStore,
  b: TestBus,
  killAt: 'beforePublish' | 'afterPublishBeforeCheckpoint' | 'never',
  killOn = 0,
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: REPO,
    env: {
      ...process.env,
      DB_URL: testDatabaseUrl(),
      DB_SCHEMA: t.schema!,
      NATS_URL: b.nats!.url,
      NATS_STREAM: b.nats!.stream,
      NATS_PREFIX: b.nats!.subjectPrefix,
      KILL_AT: killAt,
      KILL_ON: String(killOn),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
