// The real binary, as users run it: `npx matchtape` from the repository root with no build step.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('npx matchtape', () => {
  it('starts from the repository root and prints the command list', () => {
    const out = execFileSync('npx', ['--no-install', 'matchtape', '--help'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(out).toMatch(/^matchtape — event-sourced replays/);
    expect(out).toContain('simulate');
  });

  it('exits 2 with a message on a wrong flag', () => {
    let status = 0;
    let stderr = '';
    try {
      execFileSync('npx', ['--no-install', 'matchtape', 'verify', '--nope'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      status = (err as { status: number }).status;
      stderr = String((err as { stderr: string }).stderr);
    }
    expect(status).toBe(2);
    expect(stderr).toMatch(/verify: unknown flag --nope/);
  });
});
