import { describe, expect, it } from 'vitest';
import { auditCitations, auditCoverage, citedRules, quotedWords, withinRule } from './rules-audit';
import {
  parseAlphaClashRules,
  parseDecisionsTable,
  parseElementalClashRules,
  parseGrandArchiveRules,
  parseSpoilsRules,
} from './rules-doc';

const AC = [
  '100.1. Rules apply.',
  '114. Action Windows & Priority',
  '',
  '114.1. Players only respond in windows.',
  '114.1b. A player may respond when an opponent "plays a card" with *Counter – Play*.',
  'Example: a continuation line.',
  '405.5. Clashground text.',
  '405.5. When all players pass priority, the top resolves.',
  'Appendix A: Glossary',
  '999.1. Not a rule.',
].join('\n');

describe('rules documents', () => {
  it('Alpha Clash: ids, headings, continuation lines, a number used twice, nothing after the appendices', () => {
    const d = parseAlphaClashRules(AC);
    expect(d.get('114')).toMatchObject({ heading: true, text: 'Action Windows & Priority' });
    expect(d.get('114.1b')).toMatchObject({ heading: false });
    expect(d.get('114.1b')!.text).toContain('Example: a continuation line.');
    expect(d.get('405.5')!.text).toContain('Clashground text.');
    expect(d.get('405.5')!.text).toContain('pass priority');
    expect(d.has('999.1')).toBe(false);
  });

  it('Grand Archive: sections, numbers, letters, romans (i after h is a letter), lost indentation, numbers under a letter', () => {
    const text = [
      '2.2.g.i Retaliation Step',
      '',
      '1. First.',
      ' - a. A.',
      ' - i. Roman one.',
      ' - ii. Roman two.',
      ' - b. B.',
      '2. Second.',
      '- 3. Dashed third.',
      ' - c. Letter under three? no: a.',
      'X.B Game Terms',
      '24. Obedience',
      '- a. A player cannot attack with an ally that does not obey.',
      '- c. Static abilities.',
      ' 1. If an ally with intercept does not obey.',
      '2. Intercept will trigger.',
      '25. Opportunity',
    ].join('\n');
    const d = parseGrandArchiveRules(text);
    expect(d.get('2.2.g.i')).toMatchObject({ heading: true });
    expect(d.get('2.2.g.i.1.a.ii')!.text).toBe('Roman two.');
    expect(d.get('2.2.g.i.1.b')!.text).toBe('B.');
    expect(d.get('2.2.g.i.3')!.text).toBe('Dashed third.');
    expect(d.get('X.B.24.c.1')!.text).toContain('intercept');
    expect(d.get('X.B.24.c.2')!.text).toBe('Intercept will trigger.');
    expect(d.get('X.B.25')).toMatchObject({ heading: true });
    const h = parseGrandArchiveRules(
      [
        '1.1 S',
        '1. N.',
        ' - a. a',
        ' - b. b',
        ' - c. c',
        ' - d. d',
        ' - e. e',
        ' - f. f',
        ' - g. g',
        ' - h. h',
        ' - i. letter i',
      ].join('\n'),
    );
    expect(h.get('1.1.1.i')!.text).toBe('letter i');
  });

  it('The Spoils: ids inside list marks, section titles, items that lost their number take it from their place', () => {
    const text = [
      '## Section 1 - General',
      '#### 601 Starting a Game',
      '- 601.1 At the start:',
      '  - 601.1a Factions.',
      '- 601.1b Search.',
      '- Randomly determine.',
      '- 601.1d Flip.',
      '#### 610 Ending a Turn',
      '- When the active player ends the turn.',
      '  - End of turn triggers happen.',
      '#### 404 Rule Not Found',
    ].join('\n');
    const d = parseSpoilsRules(text);
    expect(d.get('601.1c')!.text).toBe('Randomly determine.');
    expect(d.get('610.1')!.text).toBe('When the active player ends the turn.');
    expect(d.get('610.1a')!.text).toBe('End of turn triggers happen.');
    expect(d.get('404')).toMatchObject({ heading: true });
  });

  it('Elemental Clash: sections, phase bullets, keywords; decisions tables', () => {
    const text = [
      '• Section 4.0 - Turns',
      'Randomly decide who goes first.',
      '1. Standby-Phase',
      '  • Put spells away.',
      '2. Draw-Phase',
      '  • Draw.',
      '  • Redraw.',
      '  • Section 7.0 - Keywords',
      '  • Future Sight [X] - Look at the top X cards.',
    ].join('\n');
    const d = parseElementalClashRules(text);
    expect(d.get('4.0')).toMatchObject({ heading: false });
    expect(d.get('4.0.D2')!.text).toBe('Redraw.');
    expect(d.get('7.0.Future Sight')!.text).toContain('Look at the top');
    expect(
      parseDecisionsTable('| D13 | §4.0.M3 | Attacks one at a time. | why |').get('D13')!.text,
    ).toContain('Attacks one at a time.');
  });
});

describe('auditCitations', () => {
  const doc = parseAlphaClashRules(AC);
  const src = (text: string) =>
    citedRules([{ path: 'decide.ts', text }], /^\d{3}(\.\d+[a-z]?)?$/, /\breject\(/, /meta: \{ phase:/);

  it('passes a rejection whose rule names the thing refused, and a section named by a phase meta', () => {
    const cited = src(
      "return reject('114.1b', 'only Counter – Play answers');\nconst m = { meta: { phase: 'x', rule: '114' } };",
    );
    expect(auditCitations(cited, doc, { keywords: { '114.1b': ['plays a card'] } }, AC)).toEqual([]);
  });

  it('a rejection broken over lines (as a formatter writes it) is still a rejection until its call closes', () => {
    const cited = src(
      ['return reject(', "  '114.1',", "  'only (one) answer',", ');', "const later = f('100.1');"].join(
        '\n',
      ),
    );
    expect(cited.get('114.1')).toMatchObject({ rejection: true });
    expect(cited.get('100.1')).toMatchObject({ rejection: false });
  });

  it('an object spread over lines (as a formatter writes it) is one statement: its own properties, not its nested ones', () => {
    const lines = [
      'const states = {',
      '  main: {',
      '    meta: {',
      "      phase: 'main',",
      "      rule: '114',",
      '    },',
      "    on: { GO: { meta: { rule: '100.1' } } },",
      '  },',
      '};',
      'function f(x: number) {',
      '  if (x) {',
      "    return { rule: '114.1b', why: 'refused' };",
      '  }',
      '  return {',
      "    rule: '123.4',",
      "    why: 'refused',",
      '  };',
      '}',
    ];
    const cited = citedRules(
      [{ path: 'machine.ts', text: lines.join('\n') }],
      /^\d{3}(\.\d+[a-z]?)?$/,
      /\breject\(|return \{ rule: '/,
      /meta: \{ phase:/,
    );
    // `meta: {` with `phase:` on the next line still names a section; the transition nested in `on` does not.
    expect(cited.get('114')).toMatchObject({ section: true, rejection: false });
    expect(cited.get('100.1')).toMatchObject({ section: false });
    // `return {` with its `rule:` on the next line is still a rejection, as on one line.
    expect(cited.get('114.1b')).toMatchObject({ rejection: true });
    expect(cited.get('123.4')).toMatchObject({ rejection: true });
  });

  it('finds unknown ids, headings, missing keywords, uncurated rejections, stale data, and bad passages', () => {
    const cited = src(
      [
        "reject('114.1', 'x')",
        "reject('123.4', 'x')",
        "b.auto('X', {}, '114')",
        "reject('114.1b', 'x')",
        "reject('100.1', 'x') // '999.9' in a comment is not cited",
      ].join('\n'),
    );
    const f = auditCitations(
      cited,
      doc,
      {
        keywords: { '114.1b': ['Safeguard'], '405.5': ['pass'] },
        rulings: { '114.1': 'Not in the document.' },
      },
      AC,
    );
    expect(f).toEqual([
      '100.1 (decide.ts:5): a rejection cites 100.1 but the audit data lists no keywords for it',
      '114 (decide.ts:3): 114 is a heading ("Action Windows & Priority"), not a rule; cite the sub-rule that decides',
      '114.1 (decide.ts:1): its ruling "Not in the document." is not in the rules document',
      '114.1 (decide.ts:1): a rejection cites 114.1 but the audit data lists no keywords for it',
      '114.1b (decide.ts:4): the text of 114.1b does not mention "Safeguard": "A player may respond when an opponent "plays a card" with *Counter – Play*.\nExample: a continuation line."',
      '123.4 (decide.ts:2): no rule 123.4 in the rules document',
      '405.5: listed in the audit data but cited nowhere; drop it',
    ]);
  });
});

describe('rules-coverage against the code', () => {
  const doc = parseSpoilsRules(
    [
      '## 404 Rule Not Found',
      '',
      '## 406 Costs',
      '',
      '- 406.3 Pay in order.',
      '  - 406.3a This means you always pay numeric costs last.',
      '## 414 Loops',
      '',
      '- 414.1 A loop is a draw.',
      '## 507 Keywords',
      '',
      '#### 507.3 Covert',
      '',
      '- 507.3a Covert parties.',
    ].join('\n'),
  );
  const code = [{ path: 'decide.ts', text: "reject('406.3a', 'paying');\nconst k = 'covert';" }];
  const cited = citedRules(code, /^\d{3}(\.\d+[a-z]?)?$/);
  const run = (
    entries: { rule: string; status: string }[],
    keywords: { rule: string; status: string }[] = [],
  ) =>
    auditCoverage(entries, keywords, cited, quotedWords(code), doc, { idPattern: /^\d{3}(\.\d+[a-z]?)?$/ });

  it('sub-rules belong to their rule', () => {
    expect(withinRule('406.3a', '406')).toBe(true);
    expect(withinRule('406.3a', '406.3')).toBe(true);
    expect(withinRule('4060', '406')).toBe(false);
  });

  it('an implemented rule is cited by code (itself or a sub-rule); a keyword by its name', () => {
    expect(run([{ rule: '406', status: 'implemented' }], [{ rule: '507.3', status: 'implemented' }])).toEqual(
      [],
    );
    expect(run([{ rule: '414.1', status: 'implemented' }])).toEqual([
      '414.1: rules-coverage says implemented, but no code path cites 414.1 or a sub-rule of it',
    ]);
    expect(run([{ rule: '414.1', status: 'partial' }])).toEqual([]);
  });

  it('an empty heading is never listed as implemented, and every listed rule exists', () => {
    expect(run([{ rule: '404', status: 'implemented' }])[0]).toContain(
      'a heading with no rule under it ("Rule Not Found")',
    );
    expect(run([{ rule: '999', status: 'partial' }])).toEqual([
      '999: listed in rules-coverage but not a rule of the document',
    ]);
  });
});
