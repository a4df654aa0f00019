// The 3-node JetStream cluster of infra/nats-cluster.sh on spare loopback ports and its own dirs, for fault tests.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sparePort } from '../../integration/helpers/nats-server';

const SCRIPT = fileURLToPath(new URL('../../../infra/nats-cluster.sh', import.meta.url));
const run = promisify(execFile);

export class TestCluster {
  private constructor(
    readonly basePort: number,
    readonly dir: string,
  ) {}

  /** Starts three nodes; client ports base..base+2, route ports base+100.., monitoring base+200... */
  static async start(): Promise<TestCluster> {
    // Three consecutive free ports in each band: pick a base from a spare port and retry on a clash.
    for (let attempt = 0; attempt < 5; attempt++) {
      const base = 20000 + ((await sparePort()) % 20000);
      const c = new TestCluster(base, mkdtempSync(join(tmpdir(), 'matchtape-nats-cluster-')));
      try {
        await c.sh('start');
        await c.ready(120_000);
        return c;
      } catch (err) {
        await c.destroy();
        if (attempt === 4) throw err;
      }
    }
    throw new Error('unreachable');
  }

  private async sh(...args: string[]): Promise<string> {
    const { stdout } = await run('bash', [SCRIPT, ...args], {
      env: {
        ...process.env,
        MATCHTAPE_NATS_CLUSTER_PORT: String(this.basePort),
        MATCHTAPE_NATS_CLUSTER_DIR: this.dir,
      },
      timeout: 60_000,
    });
    return stdout.trim();
  }

  /**
   * Waits until JetStream can place a 3-replica stream: every node healthy (/healthz runs JetStream's checks) and the
   * meta leader sees both other peers current. A port that answers is not enough: on a loaded machine CI once got
   * "no suitable peers for placement" for 30 s after the three ports opened.
   */
  async ready(ms: number): Promise<void> {
    const end = Date.now() + ms;
    const monitor = (node: number, path: string) =>
      fetch(`http://127.0.0.1:${this.basePort + 200 + node - 1}${path}`, {
        signal: AbortSignal.timeout(2000),
      });
    let last = 'no answer yet';
    while (Date.now() < end) {
      try {
        const health = await Promise.all(
          [1, 2, 3].map(async (n) => {
            const r = await monitor(n, '/healthz');
            await r.text();
            return r.status;
          }),
        );
        const sick = health.findIndex((status) => status !== 200);
        if (sick >= 0) last = `node ${sick + 1}'s /healthz answers ${health[sick]}`;
        else {
          // The leader lists the other peers of the meta group (a follower may list none).
          const metas = await Promise.all(
            [1, 2, 3].map(async (n) => {
              const jsz = (await (await monitor(n, '/jsz')).json()) as {
                meta_cluster?: { leader?: string; replicas?: { current?: boolean }[] };
              };
              return jsz.meta_cluster;
            }),
          );
          const meta = metas.find((m) => (m?.replicas?.length ?? 0) > 0) ?? metas[0];
          const current = meta?.replicas?.filter((r) => r.current).length ?? 0;
          if (meta?.leader && current === 2) return;
          last = `meta leader ${meta?.leader ?? 'none'}, ${current} of 2 other peers current`;
        }
      } catch (err) {
        last = (err as Error).message;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the NATS cluster was not ready for JetStream after ${ms} ms: ${last}`);
  }

  get url(): string {
    return [0, 1, 2].map((i) => `nats://127.0.0.1:${this.basePort + i}`).join(',');
  }

  /** The node (1..3) listening on a client port. */
  nodeOfPort(port: number): number {
    return port - this.basePort + 1;
  }

  /** SIGKILL: the node dies without flushing or leaving the cluster. */
  kill(node: number): Promise<string> {
    return this.sh('kill', String(node));
  }

  restart(node: number): Promise<string> {
    return this.sh('start', String(node));
  }

  async destroy(): Promise<void> {
    await this.sh('stop').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
