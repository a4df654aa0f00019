// A small SSE client over fetch (Node has no EventSource): used by tests, the bench and the CLI.
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  /** Body of a non-2xx answer. */
  error?: string;
  /** Resolves when the stream ends (server closed it or abort()). */
  done: Promise<void>;
  abort(): void;
}

/** Opens `url` and calls `onMessage` for every complete message, in order. */
export async function openSse(
  url: string,
  onMessage: (m: SseMessage) => void,
  opts: { token?: string; lastEventId?: number; onComment?: (text: string) => void } = {},
): Promise<SseConnection> {
  const ctl = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lastEventId !== undefined) headers['last-event-id'] = String(opts.lastEventId);
  const res = await fetch(url, { headers, signal: ctl.signal });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    return { status: res.status, error: text, done: Promise.resolve(), abort: () => ctl.abort() };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buf += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          let comment = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              opts.onComment?.(line.slice(1).trim());
              continue;
            }
            comment = false;
            const c = line.indexOf(':');
            const field = c < 0 ? line : line.slice(0, c);
            const val = c < 0 ? '' : line.slice(c + 1).replace(/^ /, '');
            if (field === 'id') id = val;
            else if (field === 'event') event = val;
            else if (field === 'data') data.push(val);
          }
          if (ctl.signal.aborted) return;
          if (!comment && data.length > 0) onMessage({ id, event, data: data.join('\n') });
        }
      }
    } catch (err) {
      if ((err as Error).name !== 'AbortError') throw err;
    }
  })();
  return { status: res.status, done: done.catch(() => undefined), abort: () => ctl.abort() };
}
