// The kit's conformance suite (describeGameModule): module fields, presets, machine meta, every event at a
// machine position, fold = live and redaction commutes at every seq for every viewer, no leaks, accepted ⇔
// listed with probes, cited rules, schemas, scenario hooks with a start-position scenario. 3 matches in CI,
// 100 with MATCHTAPE_DEEP=1 (the every-seq checks cost seconds per match; properties.test.ts plays 150 / 2,000).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeGameModule } from '@matchtape/engine/testing';
import { theSpoils } from './index';

const DEEP = process.env.MATCHTAPE_DEEP === '1';
const DIR = join(import.meta.dirname, '../scenarios');

describeGameModule(theSpoils, {
  matches: DEEP ? 100 : 3,
  redactedSchemas: true,
  startScenario: JSON.parse(readFileSync(join(DIR, 'start-damage-division-and-speed.json'), 'utf8')),
  probes: [
    { type: 'Pass' },
    { type: 'EndTurn' },
    { type: 'ConfirmAttackers' },
    { type: 'ConfirmBlockers' },
    { type: 'EndMulligan' },
    { type: 'PassBid' },
    { type: 'FindCard' },
    { type: 'Develop', mode: 'draw' },
  ],
});
