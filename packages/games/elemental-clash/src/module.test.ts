// The kit's conformance suite (describeGameModule): module fields, presets, machine meta, positions, bots,
// invariants, accepted ⇔ listed with probes, rule citations, event and command schemas, scenario hooks, and a
// scenario from a start position (the Boon free play) keeping the invariants.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeGameModule } from '@matchtape/engine/testing';
import { elementalClash } from './index';

const scenario = JSON.parse(
  readFileSync(join(import.meta.dirname, '../scenarios/boon-free-play.json'), 'utf8'),
) as unknown;

describeGameModule(elementalClash, {
  matches: process.env.MATCHTAPE_DEEP === '1' ? 20 : 4,
  startScenario: scenario,
  redactedSchemas: true,
  probes: [
    { type: 'EndStandby' },
    { type: 'EndMain' },
    { type: 'EndTurn' },
    { type: 'FinishDefense' },
    { type: 'DeclineRedraw' },
    { type: 'DeclineFreePlay' },
  ],
});
