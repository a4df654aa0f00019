// Child process of `bench --fanout` / `npm run load`: holds many SSE spectators with a minimal client (node:http,
// no parsing beyond `id:` lines), so the server's process measures its own fan-out. Reports to the parent (IPC)
// the absolute arrival time (performance.timeOrigin + now, comparable across processes) of each watched seq.
// Parent → child: { connect: { urls: string[], headers?: Record<string,string> } } | { watch: number } | { stop: true }
// Child → parent: { ready } | { connected, failed } | { watching: seq } | { arrivals: { seq, at: number[] } } (sent
// once every spectator it holds has the watched seq, or on { flush })
import http from 'node:http';

const clients: http.ClientRequest[] = [];
let watching = -1;
let arrivals: number[] = [];
let held = 0;
const send = (m: unknown): void => void process.send?.(m);

function open(url: string, headers: Record<string, string>): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          resolve(false);
          return;
        }
        resolve(true);
        let tail = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const text = tail + chunk;
          let i = 0;
          for (;;) {
            const at = text.indexOf('id: ', i);
            if (at < 0) break;
            const nl = text.indexOf('\n', at);
            if (nl < 0) break;
            if (Number(text.slice(at + 4, nl)) === watching) {
              arrivals.push(performance.timeOrigin + performance.now());
              if (arrivals.length === held) send({ arrivals: { seq: watching, at: arrivals } });
            }
            i = nl + 1;
          }
          tail = text.slice(Math.max(i, text.length - 32));
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', () => resolve(false));
    clients.push(req);
  });
}

process.on(
  'message',
  (m: {
    connect?: { urls: string[]; headers?: Record<string, string> };
    watch?: number;
    flush?: true;
    stop?: true;
  }) => {
    if (m.connect) {
      const { urls, headers } = m.connect;
      void (async () => {
        let ok = 0;
        let failed = 0;
        for (let i = 0; i < urls.length; i += 100) {
          const r = await Promise.all(urls.slice(i, i + 100).map((u) => open(u, headers ?? {})));
          for (const x of r)
            if (x) ok++;
            else failed++;
        }
        held = ok;
        send({ connected: ok, failed });
      })();
    }
    if (m.watch !== undefined) {
      watching = m.watch;
      arrivals = [];
      send({ watching: m.watch });
    }
    if (m.flush) send({ arrivals: { seq: watching, at: arrivals } });
    if (m.stop) {
      for (const c of clients) c.destroy();
      process.exit(0);
    }
  },
);
send({ ready: true });
