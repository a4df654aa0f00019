// A private nats-server on a spare loopback port, for outage tests (the shared one on 4222 is never stopped).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** Polls until the port is open (or closed); `gone` names a reason to stop early (the server exited). */
async function waitPort(port: number, open: boolean, gone: () => Error | null = () => null): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await portOpen(port)) === open) return;
    const why = gone();
    if (why) throw why;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} did not ${open ? 'open' : 'close'} within 10 s`);
}

class ExitedAtStart extends Error {}

const BINARY = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((p) =>
  existsSync(p),
);

/** nats-server with JetStream on its own port and store dir; stop() and start() keep both, like a restart. */
export class PrivateNats {
  private proc: ChildProcess | null = null;
  readonly storeDir = mkdtempSync(join(tmpdir(), 'matchtape-nats-'));
  private constructor(
    readonly port: number,
    /** A nats-server config file (e.g. an authorization block); port, JetStream and store dir still come from here. */
    private readonly configFile?: string,
  ) {}

  static async start(opts: { configFile?: string } = {}): Promise<PrivateNats> {
    if (!BINARY)
      throw new Error('nats-server is not installed: run infra/start-nats.sh (apt-get install nats-server)');
    // A spare port can be taken by another test's process between sparePort() and the server's bind; a server that
    // exits at start is tried again on a new port (its own error is in the message if all tries fail).
    for (let attempt = 1; ; attempt++) {
      const n = new PrivateNats(await sparePort(), opts.configFile);
      try {
        await n.start();
        return n;
      } catch (e) {
        if (!(e instanceof ExitedAtStart) || attempt === 3) throw e;
      }
    }
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const config = this.configFile ? ['-c', this.configFile] : [];
    const proc = spawn(
      BINARY!,
      [...config, '-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.proc = proc;
    let stderr = '';
    proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    try {
      await waitPort(this.port, true, () =>
        proc.exitCode !== null || proc.signalCode !== null
          ? new ExitedAtStart(
              `nats-server on port ${this.port} exited at start (${proc.exitCode ?? proc.signalCode}): ${stderr.trim()}`,
            )
          : null,
      );
    } catch (e) {
      if (e instanceof ExitedAtStart) throw e;
      throw new Error(`${(e as Error).message}; nats-server said: ${stderr.trim() || '(nothing)'}`);
    }
  }

  async stop(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await exited;
    this.proc = null;
    await waitPort(this.port, false);
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}
