// The closing lines of `npm test` (scripts/test-summary.mjs): a file that failed before its tests ran (a beforeAll
// that threw) counts as a failure, not as skipped tests. A CI run once summed such a file up as "0 failed, 1 skipped".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { summarise } from '../../scripts/test-summary.mjs';

const root = '/repo';
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function reports(files: Record<string, unknown>): string {
  dir = mkdtempSync(join(tmpdir(), 'matchtape-summary-'));
  for (const [name, body] of Object.entries(files))
    writeFileSync(join(dir, name), typeof body === 'string' ? body : JSON.stringify(body));
  return dir;
}

const test = (fullName: string, status: string, failureMessages: string[] = []) => ({
  fullName,
  status,
  failureMessages,
});

describe('test summary', () => {
  it('counts passed, failed and skipped tests per package, and names the failures', () => {
    const s = summarise(
      reports({
        'engine.json': {
          numPassedTests: 2,
          numFailedTests: 1,
          numPendingTests: 1,
          testResults: [
            {
              name: `${root}/packages/engine/src/a.test.ts`,
              status: 'failed',
              assertionResults: [
                test('a works', 'passed'),
                test('b works', 'passed'),
                test('c works', 'failed', ['\x1b[31mAssertionError: expected 1 to be 2\x1b[39m\n    at …']),
                test('d later', 'pending'),
              ],
            },
          ],
        },
        'flaky.txt': 'e2e/x.test.ts > y\n',
      }),
      root,
    );
    expect(s).toMatchObject({ passed: 2, failed: 1, skipped: 1, flaky: 'e2e/x.test.ts > y\n' });
    expect(s.failures).toEqual([
      '  packages/engine/src/a.test.ts > c works\n      AssertionError: expected 1 to be 2',
    ]);
    expect(s.rows).toEqual(['  engine               2 passed   1 failed   1 skipped']);
  });

  it('counts a file that failed before its tests ran as a failure, not as skipped tests', () => {
    const s = summarise(
      reports({
        'test-integration.json': {
          numPassedTests: 85,
          numFailedTests: 0,
          numPendingTests: 1,
          testResults: [
            {
              name: `${root}/test/fault/nats-node-kill.test.ts`,
              status: 'failed',
              message: 'JetStreamApiError: no suitable peers for placement\n    at …',
              assertionResults: [test('keeps publishing and delivering', 'skipped')],
            },
          ],
        },
      }),
      root,
    );
    expect(s).toMatchObject({ passed: 85, failed: 1, skipped: 0 });
    expect(s.failures).toEqual([
      '  test/fault/nats-node-kill.test.ts (the file failed before its tests ran)\n      JetStreamApiError: no suitable peers for placement',
    ]);
  });
});
