// Gateway test fixtures. A ServerResponse stand-in: it records what is written and reads it asynchronously, or never
// (`reads: false`: writes queue up forever). `highWaterMark` is the socket buffer before write() asks for 'drain'.
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import { openStore, type EventStore } from '@matchtape/store';
import { registryOf } from '../games';
import { EngineHost } from '../host/engine-host';

export type RecordingResponse = ServerResponse & { text: () => string };

export function recordingResponse(reads = true, highWaterMark = 1 << 30): RecordingResponse {
  const chunks: string[] = [];
  const w = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk.toString());
      if (reads) setImmediate(cb);
    },
  }) as unknown as RecordingResponse;
  Object.assign(w, { writeHead: () => w, text: () => chunks.join('') });
  return w;
}

/** A coin-race match on an embedded store for gateway tests (the whole match is played at creation). */
export async function coinRaceTable(): Promise<{
  store: EventStore;
  host: EngineHost;
  match(spectatorDelaySeconds?: number): Promise<string>;
}> {
  const store = await openStore({ dataDir: 'memory://' });
  const host = new EngineHost(store, registryOf({ [coinRace.id]: coinRace }));
  return {
    store,
    host,
    async match(spectatorDelaySeconds = 0) {
      const { matchId } = await host.createMatch({
        game: coinRace.id,
        players: [
          { name: 'a', deck: coinRace.presetDecks.low! },
          { name: 'b', deck: coinRace.presetDecks.high! },
        ],
        spectatorDelaySeconds,
        coverageDelaySeconds: 0,
        revealPolicy: 'hidden',
      });
      return matchId;
    },
  };
}
