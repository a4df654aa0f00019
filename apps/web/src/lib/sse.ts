// Live events over SSE, read with fetch so the viewer's token goes in a header and a resumed connection sends
// Last-Event-ID = the last seq the tape holds (EventSource can do neither on a fresh connection). Reconnects
// with backoff; gives up only on answers that retrying cannot fix (401/403/404).
import type { EventEnvelope } from '@matchtape/engine';

export interface SseMessage {
  event: string;
  data: string;
  id: string | null;
}

/** A live frame's data that is a match event (seq and type), not a side frame (presence, a drawing, the end). */
export function isEnvelope(x: unknown): x is EventEnvelope {
  return (
    !!x &&
    typeof x === 'object' &&
    typeof (x as { seq?: unknown }).seq === 'number' &&
    typeof (x as { type?: unknown }).type === 'string'
  );
}

/** Incremental parser of the text/event-stream format (WHATWG HTML §9.2). */
export class SseParser {
  private buf = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;

  /** Set when a chunk ended in \r: a \n opening the next chunk is the rest of that \r\n, not a new line. */
  private skipLf = false;

  feed(chunk: string): SseMessage[] {
    if (this.skipLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.skipLf = false;
    this.buf += chunk;
    const out: SseMessage[] = [];
    let nl: number;
    while ((nl = this.buf.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buf.slice(0, nl);
      const sepLen = this.buf.startsWith('\r\n', nl) ? 2 : 1;
      if (sepLen === 1 && this.buf[nl] === '\r' && nl + 1 === this.buf.length) this.skipLf = true;
      this.buf = this.buf.slice(nl + sepLen);
      if (line === '') {
        if (this.data.length > 0)
          out.push({ event: this.event || 'message', data: this.data.join('\n'), id: this.id });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
      else if (field === 'id' && !value.includes('\0')) this.id = value;
    }
    return out;
  }
}

export type LiveStatus =
  | { kind: 'connecting' }
  | { kind: 'open' }
  | { kind: 'reconnecting'; attempt: number; inMs: number; reason: string }
  | { kind: 'closed'; reason: string }
  | { kind: 'failed'; status: number; reason: string };

export interface LiveOptions {
  url: string;
  headers: Record<string, string>;
  /** The seq to resume after (sent as Last-Event-ID); read at every (re)connect. */
  lastSeq: () => number;
  onMessages: (batch: SseMessage[]) => void;
  onStatus: (s: LiveStatus) => void;
  /** True once nothing more can come (the match ended and the tape holds its last event). */
  finished?: () => boolean;
}

/** Opens the stream; returns a function that closes it for good. */
export function openLive(opts: LiveOptions): () => void {
  const ctl = new AbortController();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = (reason: string) => {
    if (ctl.signal.aborted) return;
    if (opts.finished?.()) {
      opts.onStatus({ kind: 'closed', reason: 'the match has ended' });
      return;
    }
    attempt += 1;
    const inMs = Math.min(10_000, 500 * 2 ** Math.min(attempt - 1, 5));
    opts.onStatus({ kind: 'reconnecting', attempt, inMs, reason });
    timer = setTimeout(connect, inMs);
  };

  const connect = async () => {
    if (ctl.signal.aborted) return;
    opts.onStatus({ kind: 'connecting' });
    const last = opts.lastSeq();
    let res: Response;
    try {
      res = await fetch(opts.url, {
        headers: {
          ...opts.headers,
          accept: 'text/event-stream',
          ...(last > 0 ? { 'last-event-id': String(last) } : {}),
        },
        signal: ctl.signal,
        cache: 'no-store',
      });
    } catch (_e) {
      if (!ctl.signal.aborted) schedule('the server cannot be reached');
      return;
    }
    if (res.status === 401 || res.status === 403 || res.status === 404) {
      let reason = `${res.status}`;
      try {
        const b = (await res.json()) as { message?: string; error?: string };
        reason = b.message ?? b.error ?? reason;
      } catch {
        /* the status alone says enough */
      }
      opts.onStatus({ kind: 'failed', status: res.status, reason });
      return;
    }
    if (!res.ok || !res.body) {
      schedule(`the server answered ${res.status}`);
      return;
    }
    attempt = 0;
    opts.onStatus({ kind: 'open' });
    const parser = new SseParser();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const msgs = parser.feed(value);
        if (msgs.length) opts.onMessages(msgs);
      }
      schedule('the stream closed');
    } catch (_e) {
      if (!ctl.signal.aborted) schedule('the connection dropped');
    }
  };

  void connect();
  return () => {
    ctl.abort();
    if (timer) clearTimeout(timer);
  };
}
