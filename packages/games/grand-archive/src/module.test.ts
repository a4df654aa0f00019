// The kit's conformance suite (packages/engine/src/kit/README.md): module fields, machine meta, bots finish,
// fold = live, redaction commutes, no leaks, accepted ⇔ listed, rules cited, event and command schemas, and the
// scenario hooks with a start-position scenario. MATCHTAPE_CONFORMANCE_MATCHES=n sets the match count.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { describeGameModule } from '@matchtape/engine/testing';
import { grandArchive } from './index';

const START = join(import.meta.dirname, '../scenarios/test-card-revealed-on-activation.json');

// A Grand Archive match runs to thousands of events; checking every viewer at every seq takes minutes on a shared
// machine (the bot-match property tests cover volume; this checks a few matches in full).
vi.setConfig({ testTimeout: 900_000 });

describeGameModule(grandArchive, {
  matches: Number(process.env.MATCHTAPE_CONFORMANCE_MATCHES ?? 2),
  startScenario: JSON.parse(readFileSync(START, 'utf8')),
  probes: [
    { type: 'ApplyReplacement', effect: 'critical' },
    { type: 'KeepUnique', object: 'p1-m1' },
    { type: 'Intercept', ally: 'p1-m1' },
    { type: 'DeclineIntercept' },
    { type: 'PlaceTrigger', trigger: 't1-0' },
  ],
});
