// The opening of every server-sent event stream the server holds (a match's live feed, an event's featured table).
import type { ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from '../http/hardening';

/**
 * Opens a hijacked response as an event stream: no caching or proxy buffering (a frame must leave at once), a
 * client reconnect delay of 2 s, and a first comment saying what the stream is (read when debugging with curl).
 */
export function openEventStream(res: ServerResponse, about: string): void {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: 2000\n: ${about}\n\n`);
}
