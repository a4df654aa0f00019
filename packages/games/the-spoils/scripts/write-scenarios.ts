// Regenerates packages/games/the-spoils/scenarios/*.json: `npx tsx packages/games/the-spoils/scripts/write-scenarios.ts`.
// Every expectation below is written from the rule it cites (mostly the document's own examples); the builder
// plays each step against the engine and stops on the first disagreement.
import type { PlayerId } from '@matchtape/engine';
import { ScenarioBuilder as B, type SeatSpec } from './scenario-builder';

// p1 (Red Maw: Rage + Deception) draws 5 first; p2 (Gilded Consortium: Greed + Elitism) draws 6.
const P1_TOP = [
  'fire-bolt',
  'red-maw-raider',
  'war-cry',
  'rage',
  'ledger-spy',
  'rage',
  'blood-berserker',
  'phantom-courier',
  'rapine',
  'flipwing-bat',
  'ambush-cutthroat',
  'ember-drake',
];
const P2_TOP = [
  'coin-sworn-guard',
  'windfall',
  'greed',
  'jealous-sentry',
  'brass-gauntlet',
  'elitism',
  'gold-warden',
  'gold-warden',
  'toll-gate',
  'faction-ward',
  'open-auction',
  'salvage-run',
];
const RED = (top = P1_TOP): SeatSpec => ({ faction: 'red-maw-warband', top, filler: 'rage' });
const GOLD = (top = P2_TOP): SeatSpec => ({ faction: 'gilded-consortium', top, filler: 'greed' });

const mk = (
  name: string,
  rule: string,
  description: string,
  opts: { p1?: string[]; p2?: string[]; options?: Record<string, unknown> } = {},
) => new B(name, rule, description, { p1: RED(opts.p1), p2: GOLD(opts.p2) }, opts.options ?? {});

const opp = (p: PlayerId): PlayerId => (p === 'p1' ? 'p2' : 'p1');

/** 601.1c–g: the random chooser lets p1 go first; both keep their hands. */
function start(b: B, first: PlayerId = 'p1'): B {
  const chooser = b.state.prompt!.player;
  b.do(chooser, 'ChooseFirstPlayer', { first });
  b.do(first, 'EndMulligan');
  return b.do(opp(first), 'EndMulligan');
}

/** 602.2: the active player lets the Restore Rule happen first, then the Develop Rule (draw, or a resource). */
function develop(b: B, p: PlayerId, card?: string, faceDown = false): B {
  const restore = b.state.triggers.find((t) => t.label.includes('Restore'));
  if (b.state.prompt?.kind === 'order-triggers' && restore)
    b.do(p, 'ResolveTrigger', { trigger: restore.tid });
  return card
    ? b.do(p, 'Develop', { mode: 'resource', card: b.hand(p, card), faceDown })
    : b.do(p, 'Develop', { mode: 'draw' });
}

/** Pays whatever payment is open with the player's unattached resources, in order. */
function pay(b: B): B {
  while (b.state.payment) {
    const p = b.state.payment.player;
    const r = b.state.perms.find(
      (x) =>
        x.controller === p &&
        x.attachedTo === null &&
        (x.faceDown ||
          x.cardId === 'rage' ||
          x.cardId === 'deception' ||
          x.cardId === 'greed' ||
          x.cardId === 'elitism' ||
          x.cardId === 'obsession'),
    )!;
    b.do(p, 'AttachResource', { resource: r.id });
  }
  return b;
}

/** Plays a card from hand, pays, and lets the opponent pass so it resolves. */
function play(b: B, p: PlayerId, cardId: string, args: Record<string, unknown> = {}): B {
  b.do(p, 'PlayCard', { card: b.hand(p, cardId), ...args });
  pay(b);
  return b.do(opp(p), 'Pass');
}

/** The active player ends the turn, the opponent makes no response, and the next turn starts. */
function endTurn(b: B, p: PlayerId): B {
  b.do(p, 'EndTurn');
  return b.do(opp(p), 'Pass');
}

/**
 * p1: turn 1 (Rage resource, then plays `plays.p1`, Red Maw Raider unless told). p2: turn 2 (Greed resource, then
 * `plays.p2`, Coin-Sworn Guard unless told). p1's turn 3 begins (draw). `null` plays nothing that turn.
 */
function toTurn3(b: B, plays: { p1?: string | null; p2?: string | null } = {}): B {
  const { p1 = 'red-maw-raider', p2 = 'coin-sworn-guard' } = plays;
  start(b);
  develop(b, 'p1', 'rage');
  if (p1) play(b, 'p1', p1);
  endTurn(b, 'p1');
  develop(b, 'p2', 'greed');
  if (p2) play(b, 'p2', p2);
  endTurn(b, 'p2');
  return develop(b, 'p1');
}

/** Battle windows: both players pass (608.1c, 609.1a, 609.1e). */
function passWindow(b: B): B {
  const bt = b.state.battle!;
  b.do(bt.attacker, 'Pass');
  return b.do(bt.defender, 'Pass');
}

/** The defending player forms no blocking party (skipped by the engine when nobody could block, 608.1d). */
function noBlock(b: B): B {
  return b.state.step === 'blockers' ? b.do(b.state.battle!.defender, 'ConfirmBlockers') : b;
}

const all: B[] = [];
const add = (b: B) => all.push(b);

// ── Setup (601) ────────────────────────────────────────────────────────────────────────────────────────
add(
  mk(
    'starting-resources-face-down',
    '601.1b',
    'Factions start in play; each player searches the Starting Resources out of the deck face-down (the opponent cannot see them), then the deck is shuffled (312.1).',
  )
    .event('FactionPlaced', { player: 'p1', faction: { cardId: 'red-maw-warband', influence: 20 } })
    .event('StartingResourcesSearched', {
      player: 'p1',
      resources: [{ cardId: 'rage' }, { cardId: 'deception' }],
    })
    .event('DeckShuffled', { player: 'p1' })
    .expectState('perms.2.faceDown', true, 'p2')
    .expectState('perms.2.cardId', null, 'p2')
    .expectState('perms.2.cardId', 'rage', 'p1'),
);
{
  const b = mk(
    'random-chooser-picks-first-player',
    '601.1c',
    'A random player (a recorded random outcome) decides who goes first; only that player may choose.',
  );
  const chooser = b.state.prompt!.player;
  b.event('FirstPlayerChooserDrawn', { chooser })
    .reject(opp(chooser), 'ChooseFirstPlayer', { first: 'p1' }, '601.1c')
    .do(chooser, 'ChooseFirstPlayer', { first: opp(chooser) })
    .event('FirstPlayerChosen', { chooser, first: opp(chooser) });
  add(b);
}
{
  // Playing a card is one of the actions of a turn (603.2a "Play a Card"); during the mulligan no turn has begun
  // (601.1h), so the refusal cites 603.2a, not 604.1's list of steps.
  const b = mk(
    'no-card-play-before-the-first-turn',
    '603.2a',
    'Playing a card is an action the active player takes during a turn; while the first player is still deciding on a mulligan no turn has begun, so PlayCard is refused.',
  );
  const chooser = b.state.prompt!.player;
  b.do(chooser, 'ChooseFirstPlayer', { first: 'p1' }).reject(
    'p1',
    'PlayCard',
    { card: b.hand('p1', 'red-maw-raider') },
    '603.2a',
  );
  add(b);
}
{
  const b = mk(
    'starting-draw-after-reveal',
    '601.1e',
    'After the chooser picks, the starting resources flip face-up (601.1d) and each player draws the Starting Draw: 5 for the first player, 6 for the second.',
  );
  const chooser = b.state.prompt!.player;
  b.do(chooser, 'ChooseFirstPlayer', { first: 'p2' })
    .event('FirstPlayerChosen', { first: 'p2' })
    .event('StartingResourcesRevealed', { player: 'p1' })
    .event('CardsDrawn', { player: 'p2' })
    .event('CardsDrawn', { player: 'p1' })
    .expectCount('players.p2.hand', 5, 'p1')
    .expectCount('players.p1.hand', 6, 'p2')
    .expectState('perms.2.cardId', 'rage', 'p2');
  add(b);
}
{
  const b = mk(
    'mulligan-once-to-the-bottom',
    '601.1f',
    'The first player puts cards on the bottom of the deck and draws as many; a mulligan is done only once, then the second player may mulligan.',
  );
  b.do(b.state.prompt!.player, 'ChooseFirstPlayer', { first: 'p1' });
  b.do('p1', 'MulliganCard', { card: b.hand('p1', 'fire-bolt') })
    .do('p1', 'MulliganCard', { card: b.hand('p1', 'war-cry') })
    .reject('p2', 'MulliganCard', { card: b.state.players.p2!.hand[0]!.id }, '601.1f')
    .do('p1', 'EndMulligan')
    .event('MulliganEnded', { player: 'p1', count: 2 })
    .event('CardsDrawn', { player: 'p1', failed: 0 })
    .expectCount('players.p1.hand', 5, 'p2')
    .expectCount('players.p1.deck', 38, 'p1')
    .reject('p1', 'MulliganCard', { card: b.state.players.p1!.hand[0]!.id }, '601.1f')
    .do('p2', 'EndMulligan')
    .event('TurnStarted', { turn: 1, player: 'p1' });
  add(b);
}
// ── Start of turn (602) ────────────────────────────────────────────────────────────────────────────────
{
  const b = mk(
    'start-of-turn-triggers-ordered',
    '602.2',
    "The start-of-turn triggers (the faction's Restore and Develop Rules) happen together; the active player decides their order, one at a time (503.4a).",
  );
  start(b);
  b.event('TriggerRaised', { trigger: { sourceCardId: 'red-maw-warband' } })
    .expectState('prompt.kind', 'order-triggers')
    .expectState('prompt.player', 'p1')
    .reject('p2', 'ResolveTrigger', { trigger: b.state.triggers[0]!.tid }, '602.2');
  const dev = b.state.triggers.find((t) => t.label.includes('Develop'))!;
  b.do('p1', 'ResolveTrigger', { trigger: dev.tid })
    .expectState('prompt.kind', 'develop')
    .do('p1', 'Develop', { mode: 'draw' })
    .event('CardsDrawn', { player: 'p1' })
    .event('TriggerHappened')
    .expectState('phase', 'main');
  add(b);
}
{
  const b = mk(
    'no-attack-first-turn',
    '608.1b',
    'No character was under your control at the start of the turn, so none can attack: an attack cannot even be announced (608.1a, 204.3).',
  );
  start(b);
  develop(b, 'p1', 'rage');
  play(b, 'p1', 'red-maw-raider');
  b.reject('p1', 'Attack', { target: b.faction('p2') }, '608.1a').expectState(
    `perms.${b.at_(b.perm('p1', 'red-maw-raider'))}.canAttack`,
    false,
  );
  add(b);
}
{
  const b = mk(
    'lethal-damage-destroys',
    '408.4',
    'A character is destroyed once its damage this turn reaches its life: Jealous Sentry has 3 life while its opponent controls a character (504), so Fire Bolt’s 3 damage destroys it.',
  );
  start(b);
  develop(b, 'p1', 'rage');
  play(b, 'p1', 'red-maw-raider');
  endTurn(b, 'p1');
  develop(b, 'p2', 'elitism');
  play(b, 'p2', 'jealous-sentry');
  endTurn(b, 'p2');
  develop(b, 'p1');
  // Fire Bolt: 3 damage to Jealous Sentry (1/2, +1/+1 while its opponent controls a character → life 3): destroyed.
  const sentry = b.perm('p2', 'jealous-sentry');
  play(b, 'p1', 'fire-bolt', { pick: sentry })
    .event('DamageInflicted', { target: sentry, amount: 3 })
    .event('CardsLeftPlay', { leaves: [{ id: sentry, to: 'discard' }] });
  add(b);
}
// ── Resources, threshold, numeric cost (203, 309, 405, 406) ───────────────────────────────────────────
{
  const b = mk(
    'face-down-resource-volition',
    '411.1',
    'Any card may be played as a resource face-down; it provides one Volition icon, and only its controller sees it (411.2).',
  );
  start(b);
  develop(b, 'p1', 'ledger-spy', true);
  b.event('ResourcePlayed', { player: 'p1', faceDown: true, move: { cardId: 'ledger-spy' } });
  const id = b.state.perms[b.state.perms.length - 1]!.id;
  b.expectState(`perms.${b.at_(id)}.cardId`, null, 'p2').expectState(
    `perms.${b.at_(id)}.cardId`,
    'ledger-spy',
    'p1',
  );
  add(b);
}
{
  const b = mk(
    'only-resources-face-up',
    '203.2',
    'Any card can be played face-down, but only actual resource cards can be played face-up.',
  );
  start(b);
  const restore = b.state.triggers.find((t) => t.label.includes('Restore'))!;
  b.do('p1', 'ResolveTrigger', { trigger: restore.tid }).reject(
    'p1',
    'Develop',
    { mode: 'resource', card: b.hand('p1', 'ledger-spy'), faceDown: false },
    '203.2',
  );
  add(b);
}
{
  const b = mk(
    'threshold-not-met',
    '604.1b',
    'Red Maw Raider needs two Rage icons; with one Rage the card cannot be played.',
  );
  start(b);
  develop(b, 'p1');
  b.reject('p1', 'PlayCard', { card: b.hand('p1', 'red-maw-raider') }, '604.1b');
  add(b);
}
{
  const b = mk(
    'pay-by-attaching-resources',
    '309.1',
    'Paying a number attaches that many unattached resources to your faction; threshold icons are never spent, so attached resources still count (405.6).',
  );
  start(b);
  develop(b, 'p1', 'rage');
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'red-maw-raider') })
    .event('PaymentStarted', {
      payment: { total: 3 },
      breakdown: { start: 3, increases: 0, reductions: 0, total: 3 },
    })
    .event('ResourcesAttached', { to: b.faction('p1') })
    .do('p2', 'Pass')
    .event('ItemResolved', { to: 'play' });
  const rage = b.perm('p1', 'rage');
  b.expectState(`perms.${b.at_(rage)}.attachedTo`, b.faction('p1'));
  add(b);
}
{
  const b = mk(
    'not-enough-resources',
    '604.1e',
    'A card whose numeric cost cannot be paid cannot be played: nothing happens.',
  );
  start(b);
  develop(b, 'p1');
  b.do(
    'p1',
    'PlayCard',
    { card: b.hand('p1', 'fire-bolt'), pick: b.faction('p1') },
    { rejected: { rule: '310.1' } },
  );
  // Two resources; after War Cry (0) nothing is spent; Ledger Spy (2) uses both; Fire Bolt (1) then cannot be paid.
  play(b, 'p1', 'ledger-spy');
  b.reject('p1', 'PlayCard', { card: b.hand('p1', 'fire-bolt'), pick: b.perm('p1', 'ledger-spy') }, '604.1e');
  add(b);
}
{
  const b = mk(
    'attached-resources-cannot-pay',
    '309.1a',
    'Only resources not attached to anything can be attached to pay.',
  );
  start(b);
  develop(b, 'p1', 'rage');
  b.do(
    'p1',
    'PlayCard',
    { card: b.hand('p1', 'fire-bolt'), pick: b.faction('p1') },
    { rejected: { rule: '310.1' } },
  );
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'ledger-spy') });
  const first = b.state.perms.find((x) => x.controller === 'p1' && x.cardId === 'rage')!.id;
  b.do('p1', 'AttachResource', { resource: first }).reject(
    'p1',
    'AttachResource',
    { resource: first },
    '309.1a',
  );
  add(b);
}
{
  const b = mk(
    'restore-rule-detaches',
    '202.7',
    "At the start of its controller's turn the Restore Rule detaches the faction's resources and restores that player's cards.",
  );
  start(b);
  develop(b, 'p1', 'rage');
  play(b, 'p1', 'red-maw-raider');
  endTurn(b, 'p1');
  develop(b, 'p2');
  endTurn(b, 'p2');
  const restore = b.state.triggers.find((t) => t.label.includes('Restore'))!;
  b.do('p1', 'ResolveTrigger', { trigger: restore.tid })
    .event('TriggerHappened', { label: restore.label })
    .event('CardsDetached', { from: b.faction('p1') });
  const rage = b.perm('p1', 'rage');
  b.expectState(`perms.${b.at_(rage)}.attachedTo`, null);
  add(b);
}
// ── Responses (607, 610) ───────────────────────────────────────────────────────────────────────────────
{
  const b = mk(
    'no-response-to-yourself',
    '607.1',
    'You respond to your opponent’s actions, never to your own: after p1 plays a card only p2 may respond.',
  );
  start(b);
  develop(b, 'p1', 'rage');
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'red-maw-raider') })
    .reject('p1', 'Pass', {}, '607.1')
    .reject('p1', 'PlayCard', { card: b.hand('p1', 'war-cry'), pick: b.perm('p1', 'rage') }, '607.1')
    .do('p2', 'Pass')
    .event('ItemResolved', { to: 'play' });
  add(b);
}
{
  const b = mk(
    'responses-last-in-first-out',
    '607.2a',
    'p1 plays Fire Bolt on Jealous Sentry; p2 responds with Windfall; p1 may respond to Windfall, passes, Windfall resolves first; then p2 is asked again about Fire Bolt, which resolves last.',
  );
  toTurn3(b, { p1: null, p2: 'jealous-sentry' });
  const guard = b.perm('p2', 'jealous-sentry');
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'fire-bolt'), pick: guard });
  pay(b);
  b.do('p2', 'PlayCard', { card: b.hand('p2', 'windfall') });
  pay(b);
  b.expectCount('chain', 2, 'public')
    .reject('p2', 'Pass', {}, '607.1')
    .do('p1', 'Pass')
    .event('ItemResolved', { label: 'Windfall' })
    .expectCount('chain', 1, 'public')
    .do('p2', 'Pass')
    .event('DamageInflicted', { target: guard, amount: 3 })
    .event('CardsLeftPlay', { leaves: [{ id: guard, to: 'discard' }] });
  add(b);
}
{
  const b = mk(
    'end-turn-waits-for-responses',
    '610.1',
    'Announcing the end of the turn gives the opponent a chance to respond; the turn ends only after that.',
  );
  start(b);
  develop(b, 'p1', 'rage');
  b.do('p1', 'EndTurn')
    .reject('p1', 'EndTurn', {}, '607.1')
    .expectState('chain.0.kind', 'end-turn')
    .do('p2', 'Pass')
    .event('StepEntered', { phase: 'end-of-turn' })
    .event('TurnStarted', { turn: 2, player: 'p2' });
  add(b);
}
{
  const b = mk(
    'tactical-played-in-response',
    '507.6a',
    'Ambush Cutthroat has Tactical, so it can be played whenever a tactic could: here in response to the end of the turn.',
    { p1: ['ambush-cutthroat', 'rage', 'fire-bolt', 'war-cry', 'ledger-spy'] },
  );
  start(b);
  develop(b, 'p1', 'rage');
  endTurn(b, 'p1');
  develop(b, 'p2');
  b.do('p2', 'EndTurn');
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'ambush-cutthroat') });
  pay(b);
  b.do('p2', 'Pass').event('ItemResolved', { to: 'play' }).expectState('chain.0.kind', 'end-turn');
  add(b);
}
{
  const b = mk(
    'character-not-in-response',
    '607.2',
    'When responding you may only play a tactic (or a Tactical card) or use an ability: a character cannot be played in response.',
  );
  start(b);
  develop(b, 'p1', 'rage');
  endTurn(b, 'p1');
  develop(b, 'p2');
  b.do('p2', 'EndTurn').reject('p1', 'PlayCard', { card: b.hand('p1', 'ledger-spy') }, '607.2');
  add(b);
}
// ── Battles (608, 609) ─────────────────────────────────────────────────────────────────────────────────
{
  const b = mk(
    'unblocked-attacker-hits-faction',
    '609.1c',
    'With no blocking party, the attackers assign their battle damage to the target of the attack: the faction loses that much influence (408.3).',
  );
  toTurn3(b);
  const raider = b.perm('p1', 'red-maw-raider');
  b.do('p1', 'Attack', { target: b.faction('p2') })
    .do('p1', 'AddAttacker', { card: raider })
    .do('p1', 'ConfirmAttackers')
    .event('CardsDepleted', { ids: [raider] });
  passWindow(b);
  b.do('p2', 'ConfirmBlockers').event('BlockingPartyFormed', { blockers: [] });
  passWindow(b);
  b.event('SpeedLevelFound', { speed: 3 }).event('BattleDamageAssigned', {
    source: raider,
    target: b.faction('p2'),
    amount: 4,
  });
  passWindow(b);
  b.event('InfluenceLost', { player: 'p2', amount: 4, influence: 16 }).event('BattleEnded');
  add(b);
}
{
  const b = mk(
    'speed-order-and-survivors-depleted',
    '609.1b',
    'Faster characters assign and inflict their damage first: the Raider (speed 3) kills the blocking Guard (speed 2) before it strikes back; surviving characters are depleted at the end (609.1h).',
  );
  toTurn3(b);
  const raider = b.perm('p1', 'red-maw-raider');
  const guard = b.perm('p2', 'coin-sworn-guard');
  b.do('p1', 'Attack', { target: b.faction('p2') })
    .do('p1', 'AddAttacker', { card: raider })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  b.do('p2', 'AddBlocker', { card: guard }).do('p2', 'ConfirmBlockers');
  passWindow(b);
  b.event('SpeedLevelFound', { speed: 3 }).event('BattleDamageAssigned', {
    source: raider,
    target: guard,
    amount: 4,
  });
  passWindow(b);
  b.event('DamageInflicted', { target: guard, amount: 4, battle: true })
    .event('CardsLeftPlay', { leaves: [{ id: guard }] })
    .event('BattleEnded');
  b.expectState(`perms.${b.at_(raider)}.depleted`, true).expectState(
    'players.p2.discard.0.cardId',
    'coin-sworn-guard',
  );
  add(b);
}
{
  const b = mk(
    'attackers-must-be-restored',
    '608.1b',
    'A depleted character cannot attack: after attacking, the Raider cannot attack again this turn.',
  );
  toTurn3(b);
  const raider = b.perm('p1', 'red-maw-raider');
  b.do('p1', 'Attack', { target: b.faction('p2') })
    .do('p1', 'AddAttacker', { card: raider })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  noBlock(b);
  passWindow(b);
  passWindow(b);
  b.reject('p1', 'Attack', { target: b.faction('p2') }, '608.1a');
  add(b);
}
{
  const b = new B(
    'covert-party-blocked-only-by-covert',
    '507.3b',
    'An attacking party made only of covert characters is covert (507.3a); only covert characters can block it.',
    {
      p1: RED(['ledger-spy', 'rage', 'fire-bolt', 'war-cry', 'red-maw-raider']),
      p2: RED(['ledger-spy', 'blood-berserker', 'rage', 'rage', 'fire-bolt', 'war-cry']),
    },
  );
  start(b);
  develop(b, 'p1', 'rage');
  play(b, 'p1', 'ledger-spy');
  endTurn(b, 'p1');
  develop(b, 'p2', 'rage');
  play(b, 'p2', 'ledger-spy');
  endTurn(b, 'p2');
  develop(b, 'p1');
  endTurn(b, 'p1');
  develop(b, 'p2', 'rage');
  play(b, 'p2', 'blood-berserker');
  endTurn(b, 'p2');
  develop(b, 'p1');
  const spy = b.perm('p1', 'ledger-spy');
  b.do('p1', 'Attack', { target: b.faction('p2') })
    .do('p1', 'AddAttacker', { card: spy })
    .do('p1', 'ConfirmAttackers')
    .event('AttackingPartyFormed', { covert: true });
  passWindow(b);
  b.reject('p2', 'AddBlocker', { card: b.perm('p2', 'blood-berserker') }, '507.3b')
    .do('p2', 'AddBlocker', { card: b.perm('p2', 'ledger-spy') })
    .do('p2', 'ConfirmBlockers')
    .event('BlockingPartyFormed', { blockers: [b.perm('p2', 'ledger-spy')] });
  add(b);
}
{
  const b = new B(
    'covert-blocks-only-covert',
    '507.3c',
    'Covert characters can only block covert parties: a Ledger Spy cannot block a Red Maw Raider.',
    {
      p1: RED(['red-maw-raider', 'rage', 'fire-bolt', 'war-cry', 'ledger-spy']),
      p2: RED(['ledger-spy', 'blood-berserker', 'rage', 'rage', 'fire-bolt', 'war-cry']),
    },
  );
  start(b);
  develop(b, 'p1', 'rage');
  play(b, 'p1', 'red-maw-raider');
  endTurn(b, 'p1');
  develop(b, 'p2', 'rage');
  play(b, 'p2', 'ledger-spy');
  play(b, 'p2', 'war-cry', { pick: b.perm('p2', 'ledger-spy') });
  endTurn(b, 'p2');
  develop(b, 'p1');
  const raider = b.perm('p1', 'red-maw-raider');
  b.do('p1', 'Attack', { target: b.faction('p2') })
    .do('p1', 'AddAttacker', { card: raider })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  b.event('BlockingPartyFormed', { blockers: [] });
  add(b);
}
{
  const b = mk(
    'cannot-be-blocked',
    '412.1',
    'A party containing only characters that cannot be blocked: the defending player may not form a blocking party.',
    { p1: ['phantom-courier', 'deception', 'rage', 'fire-bolt', 'war-cry'] },
  );
  toTurn3(b, { p1: 'phantom-courier' });
  const courier = b.perm('p1', 'phantom-courier');
  b.do('p1', 'Attack', { target: b.faction('p2') })
    .do('p1', 'AddAttacker', { card: courier })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  b.event('BlockingPartyFormed', { blockers: [] }).expectState('step', 'window-a');
  add(b);
}
{
  const b = mk(
    'location-damage-lasts-the-game',
    '408.5',
    'A location keeps the damage it received for the whole game and is destroyed once the total reaches its structure.',
    { p2: ['toll-gate', 'greed', 'coin-sworn-guard', 'windfall', 'jealous-sentry', 'elitism'] },
  );
  toTurn3(b, { p2: 'toll-gate' });
  const gate = b.perm('p2', 'toll-gate');
  const raider = b.perm('p1', 'red-maw-raider');
  // Toll Gate (505.1): attacking costs 2 more; p1 has 3 unattached resources after the Restore Rule.
  b.do('p1', 'Attack', { target: gate })
    .do('p1', 'AddAttacker', { card: raider })
    .do('p1', 'ConfirmAttackers')
    .event('PaymentStarted', { payment: { purpose: 'party', total: 2 } });
  pay(b);
  passWindow(b);
  noBlock(b);
  passWindow(b);
  passWindow(b);
  b.event('DamageInflicted', { target: gate, amount: 4, targetKind: 'location' }).event('CardsLeftPlay', {
    leaves: [{ id: gate, to: 'discard' }],
  });
  add(b);
}
{
  const b = mk(
    'attack-requirement-must-be-paid',
    '505.1',
    'Toll Gate: your opponent must pay 2 for each attacking party they form; without 2 unattached resources they cannot attack.',
    { p2: ['toll-gate', 'greed', 'coin-sworn-guard', 'windfall', 'jealous-sentry', 'elitism'] },
  );
  toTurn3(b, { p2: 'toll-gate' });
  play(b, 'p1', 'war-cry', { pick: b.perm('p1', 'red-maw-raider') });
  play(b, 'p1', 'ledger-spy');
  b.reject('p1', 'Attack', { target: b.faction('p2') }, '505.1');
  add(b);
}
// ── Keywords (507) ─────────────────────────────────────────────────────────────────────────────────────
{
  const b = mk(
    'attach-to-picks-first',
    '507.2a',
    'Brass Gauntlet must pick a character as its first extra cost and enters play attached to it, adding its gear stats (201.7c).',
    { p2: ['brass-gauntlet', 'coin-sworn-guard', 'greed', 'elitism', 'windfall', 'jealous-sentry'] },
  );
  toTurn3(b, { p1: null });
  endTurn(b, 'p1');
  develop(b, 'p2', 'elitism');
  const guard = b.perm('p2', 'coin-sworn-guard');
  b.reject('p2', 'PlayCard', { card: b.hand('p2', 'brass-gauntlet') }, '507.2a');
  play(b, 'p2', 'brass-gauntlet', { pick: guard });
  const g = b.perm('p2', 'brass-gauntlet');
  b.expectState(`perms.${b.at_(g)}.attachedTo`, guard);
  add(b);
}
{
  const b = mk(
    'attachments-leave-with-host',
    '301.4',
    "When a card leaves play, the cards attached to it leave play the same way; Rusty Pickaxe's replacement still applies and flips it face-down as a resource instead (506.2a).",
    { p2: ['rusty-pickaxe', 'coin-sworn-guard', 'greed', 'elitism', 'windfall', 'jealous-sentry'] },
  );
  toTurn3(b, { p1: null });
  endTurn(b, 'p1');
  develop(b, 'p2', 'elitism');
  const guard = b.perm('p2', 'coin-sworn-guard');
  play(b, 'p2', 'rusty-pickaxe', { pick: guard });
  endTurn(b, 'p2');
  develop(b, 'p1');
  play(b, 'p1', 'fire-bolt', { pick: guard });
  b.event('CardsLeftPlay', {
    leaves: [
      { id: guard, to: 'discard' },
      { cardId: 'rusty-pickaxe', to: 'face-down' },
    ],
  });
  const fd = b.state.perms[b.state.perms.length - 1]!;
  b.expectState(`perms.${b.at_(fd.id)}.faceDown`, true).expectState(
    `perms.${b.at_(fd.id)}.cardId`,
    null,
    'p1',
  );
  add(b);
}
{
  const b = mk(
    'rapine-destroys-as-a-cost',
    '506.2',
    "Rapine's cost destroys a character you control; the faction loses influence, which is not damage (408.3b).",
    { p1: ['rapine', 'ledger-spy', 'rage', 'fire-bolt', 'war-cry'] },
  );
  start(b);
  develop(b, 'p1', 'rage');
  play(b, 'p1', 'ledger-spy');
  endTurn(b, 'p1');
  develop(b, 'p2');
  endTurn(b, 'p2');
  develop(b, 'p1');
  const spy = b.perm('p1', 'ledger-spy');
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'rapine'), sacrifice: spy }).event('CardsLeftPlay', {
    leaves: [{ id: spy, to: 'discard' }],
  });
  pay(b);
  b.do('p2', 'Pass').event('InfluenceLost', { player: 'p2', amount: 3, influence: 17 });
  add(b);
}
{
  const b = mk(
    'unique-keep-one',
    '507.5a',
    'Controlling two cards with the same unique identifier, you choose one to keep and destroy the rest.',
    { p2: ['gold-warden', 'gold-warden', 'greed', 'greed', 'greed', 'greed'] },
  );
  start(b);
  develop(b, 'p1');
  endTurn(b, 'p1');
  develop(b, 'p2', 'greed');
  play(b, 'p2', 'gold-warden');
  endTurn(b, 'p2');
  develop(b, 'p1');
  endTurn(b, 'p1');
  develop(b, 'p2', 'greed');
  play(b, 'p2', 'gold-warden');
  b.expectState('prompt.kind', 'keep-unique');
  const first = b.perm('p2', 'gold-warden');
  b.do('p2', 'KeepUnique', { card: first }).event('CardsLeftPlay', { leaves: [{ to: 'discard' }] });
  add(b);
}
{
  const b = mk(
    'flip-up-from-face-down',
    '507.4a',
    'Flipwing Bat, played face-down as a resource, is played later with Flip Up: it pays its own Flip Up cost, leaves play as a resource and is played as a character.',
    { p1: ['flipwing-bat', 'rage', 'fire-bolt', 'war-cry', 'ledger-spy'] },
  );
  start(b);
  develop(b, 'p1', 'flipwing-bat', true);
  const bat = b.state.perms[b.state.perms.length - 1]!.id;
  b.do('p1', 'PlayCard', { card: bat })
    .event('ResourcesAttached', { ids: [bat] })
    .event('CardPlayStarted', { via: 'flip-up' });
  pay(b);
  b.do('p2', 'Pass').event('ItemResolved', { to: 'play', perm: { cardId: 'flipwing-bat', faceDown: false } });
  add(b);
}
// ── Costs, damage, control (406, 408, 407, 410) ────────────────────────────────────────────────────────
{
  const b = new B(
    'cost-increases-then-reductions',
    '410.3',
    'Increases first, then reductions, never below 0 (406.3, 406.6): Scrap Charm (cost 0) +1 from the opponent’s Tax Office −1 from your Gearworks costs 0 — applying the reduction first would give 1.',
    {
      p1: GOLD(['gearworks', 'scrap-charm', 'elitism', 'coin-sworn-guard', 'greed', 'greed', 'greed']),
      p2: GOLD(['tax-office', 'greed', 'windfall', 'jealous-sentry', 'coin-sworn-guard', 'elitism']),
    },
  );
  start(b);
  develop(b, 'p1', 'elitism');
  play(b, 'p1', 'gearworks');
  endTurn(b, 'p1');
  develop(b, 'p2', 'greed');
  play(b, 'p2', 'tax-office');
  endTurn(b, 'p2');
  develop(b, 'p1', 'greed');
  play(b, 'p1', 'coin-sworn-guard');
  const guard = b.perm('p1', 'coin-sworn-guard');
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'scrap-charm'), pick: guard })
    .expectState('payment', null)
    .do('p2', 'Pass')
    .event('ItemResolved', { to: 'play' });
  add(b);
}
{
  const b = mk(
    'faction-damage-reduced-not-influence-loss',
    '408.3b',
    'Faction Ward reduces damage inflicted to a faction by 1, but losing influence is not damage.',
    { p2: ['faction-ward', 'elitism', 'greed', 'windfall', 'coin-sworn-guard', 'jealous-sentry'] },
  );
  start(b);
  develop(b, 'p1', 'rage');
  play(b, 'p1', 'red-maw-raider');
  endTurn(b, 'p1');
  develop(b, 'p2', 'elitism');
  play(b, 'p2', 'faction-ward');
  endTurn(b, 'p2');
  develop(b, 'p1');
  const raider = b.perm('p1', 'red-maw-raider');
  b.do('p1', 'Attack', { target: b.faction('p2') })
    .do('p1', 'AddAttacker', { card: raider })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  noBlock(b);
  passWindow(b);
  passWindow(b);
  b.event('DamageInflicted', { raw: 4, amount: 3 }).event('InfluenceLost', { amount: 3, influence: 17 });
  add(b);
}
{
  const b = mk(
    'control-change-cannot-attack',
    '407.3',
    'Hostile Takeover gains control of a character; it was not under the new controller at the start of the turn, so it cannot attack (608.1b); its owner does not change (407.8).',
    {
      p1: ['ledger-spy', 'rage', 'fire-bolt', 'war-cry', 'deception'],
      p2: ['hostile-takeover', 'greed', 'greed', 'coin-sworn-guard', 'windfall', 'elitism', 'greed', 'greed'],
    },
  );
  toTurn3(b, { p1: 'ledger-spy', p2: null });
  endTurn(b, 'p1');
  develop(b, 'p2', 'greed');
  const spy = b.perm('p1', 'ledger-spy');
  play(b, 'p2', 'hostile-takeover', { pick: spy });
  b.event('ControlChanged', { card: spy, from: 'p1', to: 'p2' })
    .expectState(`perms.${b.at_(spy)}.owner`, 'p1')
    .expectState(`perms.${b.at_(spy)}.canAttack`, false);
  add(b);
}
{
  const b = mk(
    'bidding',
    '413.1',
    'Open Auction: players bid, starting with the active player; each bid must be higher; a pass is final; the winner pays the bid and draws 2.',
    { p2: ['open-auction', 'greed', 'coin-sworn-guard', 'windfall', 'jealous-sentry', 'elitism'] },
  );
  start(b);
  develop(b, 'p1');
  endTurn(b, 'p1');
  develop(b, 'p2', 'greed');
  b.do('p2', 'PlayCard', { card: b.hand('p2', 'open-auction') });
  pay(b);
  b.do('p1', 'Pass')
    .expectState('prompt.kind', 'bid')
    .expectState('prompt.player', 'p2')
    .do('p2', 'Bid', { amount: 1 })
    .reject('p1', 'Bid', { amount: 1 }, '413.1')
    .do('p1', 'PassBid')
    .event('BidWon', { player: 'p2', amount: 1 })
    .event('PaymentStarted', { payment: { purpose: 'bid', total: 1 } });
  pay(b).event('CardsDrawn', { player: 'p2' });
  add(b);
}
{
  const b = mk(
    'search-may-fail',
    '312.2',
    'Searching for an item you may choose to fail even if one is there; the deck is shuffled afterwards (312.1).',
    { p2: ['salvage-run', 'elitism', 'greed', 'windfall', 'brass-gauntlet', 'coin-sworn-guard'] },
  );
  start(b);
  develop(b, 'p1');
  endTurn(b, 'p1');
  develop(b, 'p2', 'elitism');
  play(b, 'p2', 'salvage-run');
  b.expectState('prompt.kind', 'search')
    .do('p2', 'FindCard')
    .event('DeckSearched', { found: null })
    .event('DeckShuffled', { player: 'p2' });
  add(b);
}
{
  const b = mk(
    'unstoppable-loop-is-a-draw',
    '414.1',
    'Endless Echo creates a token whenever a token enters play: with a Micromajig Token the loop cannot be ended by either player, so the game is a draw.',
    {
      p2: ['endless-echo', 'gearsmith-tinkerer', 'elitism', 'elitism', 'greed', 'windfall', 'greed', 'greed'],
    },
  );
  start(b);
  develop(b, 'p1');
  endTurn(b, 'p1');
  develop(b, 'p2', 'elitism');
  play(b, 'p2', 'endless-echo');
  endTurn(b, 'p2');
  develop(b, 'p1');
  endTurn(b, 'p1');
  develop(b, 'p2', 'greed');
  play(b, 'p2', 'gearsmith-tinkerer');
  b.event('TokenCreated').event('MatchEnded', { winner: null }).expectState('status', 'ended');
  add(b);
}
{
  const b = mk(
    'influence-zero-loses',
    '102.1',
    'A faction whose influence reaches 0 loses the game at once.',
    { options: { influence: 3 }, p1: ['rapine', 'ledger-spy', 'rage', 'fire-bolt', 'war-cry'] },
  );
  start(b);
  develop(b, 'p1', 'rage');
  play(b, 'p1', 'ledger-spy');
  endTurn(b, 'p1');
  develop(b, 'p2');
  endTurn(b, 'p2');
  develop(b, 'p1');
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'rapine'), sacrifice: b.perm('p1', 'ledger-spy') });
  pay(b);
  b.do('p2', 'Pass')
    .event('InfluenceLost', { influence: 0 })
    .event('MatchEnded', { winner: 'p1', losers: ['p2'] });
  add(b);
}
{
  const b = mk(
    'turn-limit-tournament-policy',
    '104',
    'The rules of play have no turn limit; time limits are tournament policy (104 refers tournaments to the Tournament Rules): the match option turnLimit ends the match in a recorded draw.',
    { options: { turnLimit: 1 } },
  );
  start(b);
  develop(b, 'p1');
  endTurn(b, 'p1');
  b.eventRule('MatchEnded', '104', { winner: null });
  add(b);
}

// ── From start positions (603.2) ───────────────────────────────────────────────────────────────────────
type Zone = (string | Record<string, unknown>)[];
const res = (card: string, extra: Record<string, unknown> = {}) => ({ card, ...extra });
/** p1 (Red Maw, faction "red") to act in the main phase of turn 3; p2 plays the Gilded Consortium ("gold"). */
function pos(
  p1: Record<string, Zone>,
  p2: Record<string, Zone>,
  opts: { turnPlayer?: PlayerId; health?: Partial<Record<PlayerId, number>> } = {},
) {
  const seat = (faction: string, id: string, zones: Record<string, Zone>, health?: number) => ({
    zones: { faction: [{ card: faction, id }], deck: ['rage', 'greed', 'rage'], ...zones },
    ...(health !== undefined ? { health } : {}),
  });
  return {
    start: {
      turn: 3,
      turnPlayer: opts.turnPlayer ?? 'p1',
      phase: 'main',
      step: null,
      players: {
        p1: seat('red-maw-warband', 'red', p1, opts.health?.p1),
        p2: seat('gilded-consortium', 'gold', p2, opts.health?.p2),
      },
    },
  };
}
const RAGE3 = [res('rage'), res('rage'), res('deception')];
const GREED3 = [res('greed'), res('greed'), res('elitism')];

{
  const b = new B(
    'start-damage-division-and-speed',
    '609.1c',
    'Two blockers: the Raider (speed 3) divides its 4 strength as its controller wants (2 and 2, neither dies); then the Guards (speed 2) strike back together and destroy it (609.1d, 609.1f); the surviving Guards are depleted (609.1h).',
    pos(
      { play: [{ card: 'red-maw-raider', id: 'raider' }, ...RAGE3] },
      {
        play: [
          { card: 'coin-sworn-guard', id: 'guard-a' },
          { card: 'coin-sworn-guard', id: 'guard-b' },
          ...GREED3,
        ],
      },
    ),
  );
  b.priority('p1')
    .do('p1', 'Attack', { target: 'gold' })
    .do('p1', 'AddAttacker', { card: 'raider' })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  b.do('p2', 'AddBlocker', { card: 'guard-a' })
    .do('p2', 'AddBlocker', { card: 'guard-b' })
    .do('p2', 'ConfirmBlockers');
  passWindow(b);
  b.eventRule('SpeedLevelFound', '609.1b', { speed: 3 })
    .reject('p1', 'AssignDamage', { source: 'raider', target: 'gold', amount: 4 }, '609.1c')
    .do('p1', 'AssignDamage', { source: 'raider', target: 'guard-a', amount: 2 })
    .do('p1', 'AssignDamage', { source: 'raider', target: 'guard-b', amount: 2 });
  passWindow(b);
  b.stats('guard-a', { damage: 2 });
  passWindow(b);
  b.eventRule('SpeedLevelFound', '609.1b', { speed: 2 }).eventRule('BattleDamageAssigned', '609.1d', {
    source: 'guard-a',
    target: 'raider',
    amount: 2,
  });
  passWindow(b);
  b.eventRule('DamageInflicted', '609.1f', { target: 'raider', amount: 4, source: null })
    .eventRule('CardsLeftPlay', '408.4', { leaves: [{ id: 'raider', to: 'discard' }] })
    .eventRule('CardsDepleted', '609.1h', { ids: ['guard-a', 'guard-b'] });
  add(b);
}
{
  const b = new B(
    'start-nothing-left-to-assign',
    '609.2',
    'The Raider (speed 3) destroys the attacked location; the Berserker (speed 2) then has nothing to assign its damage to, but counts as having assigned it, so the battle ends.',
    pos(
      {
        play: [
          { card: 'red-maw-raider', id: 'raider' },
          { card: 'blood-berserker', id: 'berserker' },
          ...RAGE3,
        ],
      },
      { play: [{ card: 'smugglers-den', id: 'den' }, ...GREED3] },
    ),
  );
  b.do('p1', 'Attack', { target: 'den' })
    .do('p1', 'AddAttacker', { card: 'raider' })
    .do('p1', 'AddAttacker', { card: 'berserker' })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  passWindow(b);
  passWindow(b);
  b.eventRule('CardsLeftPlay', '408.5', { leaves: [{ id: 'den' }] });
  passWindow(b);
  b.eventRule('BattleDamageAssigned', '609.2', { source: 'berserker', target: null });
  passWindow(b);
  b.eventRule('BattleEnded', '609.1h');
  add(b);
}
{
  const b = new B(
    'start-empty-deck-no-loss',
    '102.1a',
    'A player whose deck runs out does not lose; the draw simply fails (306.2).',
    pos({ deck: [], hand: ['war-cry'] }, {}),
  );
  b.do('p1', 'EndTurn').do('p2', 'Pass');
  develop(b, 'p2');
  b.do('p2', 'EndTurn').do('p1', 'Pass');
  develop(b, 'p1');
  b.eventRule('CardsDrawn', '306.2', { player: 'p1', failed: 1 })
    .noEvent('MatchEnded')
    .expectState('status', 'playing');
  add(b);
}
{
  const b = new B(
    'start-damage-cleared-at-start-of-turn',
    '602.1a',
    'Damage on characters is cleared at the start of each turn (408.4a): the Guard with 2 damage has 0 once p2’s turn starts.',
    pos({ play: [...RAGE3] }, { play: [{ card: 'coin-sworn-guard', id: 'guard', damage: 2 }, ...GREED3] }),
  );
  b.stats('guard', { damage: 2 })
    .do('p1', 'EndTurn')
    .do('p2', 'Pass')
    .eventRule('TurnStarted', '602.1', { cleared: ['guard'] })
    .stats('guard', { damage: 0 });
  add(b);
}
{
  const b = new B(
    'start-deplete-cost',
    '303.2',
    'Volley’s cost depletes the Archer; a depleted card cannot be depleted again, so the ability cannot be used twice.',
    pos(
      { play: [...RAGE3] },
      {
        play: [
          { card: 'watchtower-archer', id: 'archer' },
          { card: 'coin-sworn-guard', id: 'guard' },
          ...GREED3,
        ],
      },
      { turnPlayer: 'p2' },
    ),
  );
  b.priority('p2')
    .do('p2', 'UseAbility', { source: 'archer', ability: 0, pick: 'guard' })
    .eventRule('CardsDepleted', '303.1', { ids: ['archer'] })
    .priority('p1')
    .do('p1', 'Pass')
    .eventRule('DamageInflicted', '408.4', { target: 'guard', amount: 1 })
    .reject('p2', 'UseAbility', { source: 'archer', ability: 0, pick: 'guard' }, '303.2');
  add(b);
}
{
  const b = new B(
    'start-tokens-as-cost',
    '401.3b',
    'Release removes 2 gear tokens: with 1 token the cost cannot be satisfied; Wind Up adds one (409.1), then Release draws a card.',
    pos(
      { play: [...RAGE3] },
      { play: [{ card: 'clockwork-vault', id: 'vault', counters: { gear: 1 } }, ...GREED3] },
      { turnPlayer: 'p2' },
    ),
  );
  b.reject('p2', 'UseAbility', { source: 'vault', ability: 1 }, '401.3b')
    .do('p2', 'UseAbility', { source: 'vault', ability: 0 })
    .do('p1', 'Pass')
    .eventRule('TokensChanged', '409.1', { card: 'vault', kind: 'gear', delta: 1 })
    .stats('vault', { 'tokens:gear': 2 })
    .do('p2', 'UseAbility', { source: 'vault', ability: 1 })
    .do('p1', 'Pass')
    .event('CardsDrawn', { player: 'p2' });
  add(b);
}
{
  const b = new B(
    'start-control-change-leaves-battle',
    '407.4',
    'During the battle p2 takes control of the attacking Ledger Spy with Hostile Takeover: it is removed from the battle at once, and with no attacker left the battle ends.',
    pos(
      { play: [{ card: 'ledger-spy', id: 'spy' }, ...RAGE3] },
      { hand: ['hostile-takeover'], play: GREED3 },
    ),
  );
  b.do('p1', 'Attack', { target: 'gold' })
    .do('p1', 'AddAttacker', { card: 'spy' })
    .do('p1', 'ConfirmAttackers')
    .do('p1', 'Pass')
    .priority('p2')
    .do('p2', 'PlayCard', { card: b.hand('p2', 'hostile-takeover'), pick: 'spy' })
    .do('p1', 'Pass')
    .eventRule('ControlChanged', '407.3', { card: 'spy', to: 'p2', inBattle: true })
    .eventRule('BattleEnded', '609.1g')
    .expectState('battle', null);
  add(b);
}
{
  const b = new B(
    'start-this-turn-effect-ends',
    '602.1b',
    'War Cry gives 2 strength this turn; "this turn" effects end when the next turn starts.',
    pos({ hand: ['war-cry'], play: [{ card: 'red-maw-raider', id: 'raider' }, ...RAGE3] }, {}),
  );
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'war-cry'), pick: 'raider' })
    .do('p2', 'Pass')
    .stats('raider', { str: 6 })
    .do('p1', 'EndTurn')
    .do('p2', 'Pass')
    .stats('raider', { str: 4 });
  add(b);
}
{
  const b = new B(
    'start-while-playing-a-resource',
    '605.1c',
    'Witty Worm triggers while its controller plays a resource: after the card is chosen, before it enters play.',
    pos({ play: RAGE3 }, { play: [{ card: 'witty-worm', id: 'worm' }, ...GREED3], hand: ['greed'] }),
  );
  b.do('p1', 'EndTurn').do('p2', 'Pass');
  develop(b, 'p2', 'greed');
  b.eventRule('ResourcePlaying', '605.1b')
    .eventRule('TriggerHappened', '605.1c', { source: 'worm' })
    .event('CardsDrawn', { player: 'p2' })
    .eventRule('ResourcePlayed', '605.1d');
  add(b);
}
{
  const b = new B(
    'start-attach-target-gone',
    '507.2c',
    'p1 responds to Brass Gauntlet by destroying its target: the Gauntlet cannot enter play attached and goes to the discard pile instead.',
    pos(
      { hand: ['fire-bolt'], play: RAGE3 },
      { hand: ['brass-gauntlet'], play: [{ card: 'jealous-sentry', id: 'sentry' }, ...GREED3] },
      { turnPlayer: 'p2' },
    ),
  );
  b.do('p2', 'PlayCard', { card: b.hand('p2', 'brass-gauntlet'), pick: 'sentry' });
  pay(b);
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'fire-bolt'), pick: 'sentry' });
  pay(b);
  b.do('p2', 'Pass')
    .eventRule('CardsLeftPlay', '408.4')
    .do('p1', 'Pass')
    .eventRule('ItemResolved', '507.2c', { to: 'discard' })
    .expectState('players.p2.discard.1.cardId', 'brass-gauntlet');
  add(b);
}
{
  const b = new B(
    'start-influence-loss-ends-game',
    '102.1',
    'At 2 influence, 4 unblocked battle damage takes the faction to 0 and its owner loses at once.',
    pos(
      { play: [{ card: 'red-maw-raider', id: 'raider' }, ...RAGE3] },
      { play: GREED3 },
      { health: { p2: 2 } },
    ),
  );
  b.do('p1', 'Attack', { target: 'gold' })
    .do('p1', 'AddAttacker', { card: 'raider' })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  passWindow(b);
  passWindow(b);
  b.eventRule('InfluenceLost', '408.3', { influence: 0 }).eventRule('MatchEnded', '102.1', { winner: 'p1' });
  add(b);
}

{
  const b = new B(
    'flip-up-attached-card-cannot-pay-itself',
    '203.3a',
    'A face-down Flipwing Bat already attached to the faction cannot pay its own Flip Up cost (507.4b only lets an unattached card pay for itself; you can only attach resources not attached to anything): with no other unattached resource the play is refused; with one, that one pays.',
    pos(
      {
        play: [
          { card: 'flipwing-bat', id: 'bat', faceDown: true, attachedTo: 'red' },
          res('rage', { attachedTo: 'red' }),
        ],
      },
      { play: GREED3 },
    ),
  );
  b.reject('p1', 'PlayCard', { card: 'bat' }, '203.3a');
  add(b);
}
{
  const b = new B(
    'flip-up-attached-card-paid-by-another',
    '507.4a',
    'A face-down Flipwing Bat already attached to the faction is played with Flip Up: its Flip Up cost 1 is paid by the other, unattached resource, not by re-attaching the Bat (203.3a).',
    pos(
      {
        play: [
          { card: 'flipwing-bat', id: 'bat', faceDown: true, attachedTo: 'red' },
          res('rage', { id: 'free-rage' }),
          res('rage', { attachedTo: 'red' }),
        ],
      },
      { play: GREED3 },
    ),
  );
  b.do('p1', 'PlayCard', { card: 'bat' })
    .eventRule('ResourcesAttached', '507.4a', { ids: ['free-rage'], payment: false })
    .expectState('perms.1.id', 'free-rage')
    .expectState('perms.1.attachedTo', 'red');
  add(b);
}
{
  const b = new B(
    'extra-costs-before-numeric-cost',
    '406.3a',
    'Rapine costs 1 and "destroy a character you control". With no unattached resource, destroying the Raider flips its Rusty Pickaxe face-down as a new resource (506.2a); numeric costs are paid last (406.3a), so that resource pays for Rapine.',
    pos(
      {
        hand: ['rapine'],
        play: [
          { card: 'red-maw-raider', id: 'raider' },
          { card: 'rusty-pickaxe', id: 'pickaxe', attachedTo: 'raider' },
          res('rage', { attachedTo: 'red' }),
        ],
      },
      { play: GREED3 },
    ),
  );
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'rapine'), sacrifice: 'raider' }).eventRule(
    'CardsLeftPlay',
    '506.1',
    {
      leaves: [
        { id: 'raider', to: 'discard' },
        { id: 'pickaxe', to: 'face-down' },
      ],
    },
  );
  const fresh = b.state.perms.find((x) => x.faceDown && x.controller === 'p1')!.id;
  b.eventRule('ResourcesAttached', '309.1', { ids: [fresh], payment: true })
    .do('p2', 'Pass')
    .event('InfluenceLost', { player: 'p2', amount: 3 });
  add(b);
}
{
  const b = new B(
    'loop-through-both-players-is-a-draw',
    '414.1',
    'Each player controls an Endless Echo: every token makes both trigger, so the active player orders them (503.4) and each one makes another token. Choosing the order cannot end the loop, so after the loop limit the game is a draw, however many ordering choices it takes.',
    pos(
      {
        hand: ['gearsmith-tinkerer'],
        play: [{ card: 'endless-echo', id: 'echo-1' }, res('elitism'), res('elitism')],
      },
      { play: [{ card: 'endless-echo', id: 'echo-2' }, ...GREED3] },
    ),
  );
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'gearsmith-tinkerer') });
  pay(b);
  b.do('p2', 'Pass').event('TokenCreated').expectState('prompt.kind', 'order-triggers');
  for (let i = 0; i < 400 && b.state.status === 'playing' && b.state.prompt?.kind === 'order-triggers'; i++)
    b.do('p1', 'ResolveTrigger', { trigger: b.state.triggers[0]!.tid });
  b.eventRule('MatchEnded', '414.1', { winner: null }).expectState('status', 'ended');
  add(b);
}

{
  const cards = [
    {
      id: 'test-brute',
      name: 'Test Brute',
      type: 'character',
      cost: 2,
      stats: { str: 3, life: 3, spd: 2 },
      text: 'A plain character.',
    },
    {
      id: 'test-shade',
      name: 'Test Shade',
      type: 'character',
      cost: 2,
      stats: { str: 1, life: 2, spd: 2 },
      keywords: ['Covert'],
      text: 'Covert.',
    },
  ];
  const { start } = pos(
    { play: [{ card: 'test-brute', id: 'brute' }, ...RAGE3] },
    { play: [{ card: 'test-shade', id: 'shade' }, { card: 'coin-sworn-guard', id: 'guard' }, ...GREED3] },
  );
  const b = new B(
    'test-card-covert-blocks-only-covert',
    '507.3c',
    'Test cards: a covert character (Test Shade) can only block covert parties, so it cannot block the plain Test Brute; the Coin-Sworn Guard can.',
    { start, cards },
  );
  b.do('p1', 'Attack', { target: 'gold' })
    .do('p1', 'AddAttacker', { card: 'brute' })
    .do('p1', 'ConfirmAttackers');
  passWindow(b);
  b.reject('p2', 'AddBlocker', { card: 'shade' }, '507.3c')
    .do('p2', 'AddBlocker', { card: 'guard' })
    .do('p2', 'ConfirmBlockers')
    .event('BlockingPartyFormed', { blockers: ['guard'] });
  add(b);
}

{
  const cards = [
    {
      id: 'test-ransack',
      name: 'Test Ransack',
      type: 'tactic',
      cost: 0,
      effect: [{ do: 'discard-hand', who: 'opponent' }],
      text: 'Your opponent discards their hand.',
    },
  ];
  const { start } = pos(
    { hand: [{ card: 'test-ransack', id: 'ransack' }], play: RAGE3 },
    {
      hand: [
        { card: 'windfall', id: 'h1' },
        { card: 'greed', id: 'h2' },
      ],
      play: GREED3,
    },
  );
  const b = new B(
    'test-card-discard-hand',
    '305',
    'Discarding takes cards from their owner’s hand to their discard pile, several at the same time: a test tactic makes p2 discard both cards of their hand in one event.',
    { start, cards },
  );
  b.do('p1', 'PlayCard', { card: 'ransack' })
    .do('p2', 'Pass')
    .eventRule('CardsDiscarded', '305', {
      player: 'p2',
      cards: [
        { id: 'h1', cardId: 'windfall' },
        { id: 'h2', cardId: 'greed' },
      ],
    })
    .expectCount('players.p2.hand', 0, 'p1')
    .expectState('players.p2.discard.0.id', 'h1')
    .expectState('players.p2.discard.1.id', 'h2');
  add(b);
}

{
  const cards = [
    {
      id: 'test-denial',
      name: 'Test Denial',
      type: 'tactic',
      cost: 0,
      effect: [{ do: 'terminate', what: 'responded-to' }],
      text: 'Terminate the card or ability this responds to.',
    },
  ];
  const { start } = pos(
    { hand: ['war-cry'], play: [{ card: 'red-maw-raider', id: 'raider' }, ...RAGE3] },
    { hand: [{ card: 'test-denial', id: 'denial' }], play: GREED3 },
  );
  const b = new B(
    'test-card-terminate',
    '314',
    'To terminate a card is to stop it before it resolves and put it into its owner’s discard pile: p2 responds to War Cry with a test tactic that terminates it, so the Raider gains nothing.',
    { start, cards },
  );
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'war-cry'), pick: 'raider' });
  pay(b);
  b.do('p2', 'PlayCard', { card: 'denial' })
    .do('p1', 'Pass')
    .eventRule('ItemTerminated', '314', { to: 'discard', owner: 'p1' })
    .expectState('chain', [])
    .expectState('players.p1.discard.0.cardId', 'war-cry')
    .stats('raider', { str: 4 });
  add(b);
}

{
  // 204.3b: a character put into play by an effect at the start of the turn was not in play when the turn started.
  const cards = [
    {
      id: 'test-foundry',
      name: 'Test Foundry',
      type: 'item',
      cost: 1,
      triggers: [{ when: 'start-of-your-turn', effect: [{ do: 'token', token: 'micromajig-token' }] }],
      text: 'At the start of your turn, create a Micromajig Token.',
    },
  ];
  const b = new B(
    'test-card-start-of-turn-character-cannot-attack',
    '204.3b',
    'A test item creates a Micromajig Token (a character) at the start of p1’s turn: it was not in play when the turn started, so it cannot attack this turn, while the Ledger Spy can.',
    {
      ...pos(
        { play: [{ card: 'test-foundry', id: 'foundry' }, { card: 'ledger-spy', id: 'spy' }, ...RAGE3] },
        { play: GREED3 },
        { turnPlayer: 'p2' },
      ),
      cards,
    },
  );
  b.do('p2', 'EndTurn').do('p1', 'Pass').expectState('prompt.kind', 'order-triggers');
  b.do('p1', 'ResolveTrigger', {
    trigger: b.state.triggers.find((t) => t.source === 'foundry')!.tid,
  }).eventRule('TokenCreated', '409.3c', {
    perm: { cardId: 'micromajig-token', controller: 'p1', canAttack: false },
  });
  develop(b, 'p1');
  const token = b.perm('p1', 'micromajig-token');
  b.expectState('phase', 'main')
    .do('p1', 'Attack', { target: 'gold' })
    .reject('p1', 'AddAttacker', { card: token }, '608.1b')
    .do('p1', 'AddAttacker', { card: 'spy' });
  add(b);
}
{
  // 503.3 / 604.1d–e: a trigger raised while a card's costs are paid waits until they are completely satisfied.
  const cards = [
    {
      id: 'test-martyr',
      name: 'Test Martyr',
      type: 'character',
      cost: 1,
      stats: { str: 1, life: 1, spd: 1 },
      triggers: [{ when: 'leaves-play', effect: [{ do: 'draw', n: 1 }] }],
      text: 'When this card leaves play, draw a card.',
    },
  ];
  const b = new B(
    'test-card-trigger-while-paying-costs',
    '503.3',
    'Rapine’s extra cost destroys a test character whose leave-play trigger draws a card: the trigger is raised while the costs are being paid and happens only once they are completely satisfied (the numeric cost, paid last, 406.3a), before Rapine resolves.',
    {
      ...pos({ hand: ['rapine'], play: [{ card: 'test-martyr', id: 'martyr' }, ...RAGE3] }, { play: GREED3 }),
      cards,
    },
  );
  b.do('p1', 'PlayCard', { card: b.hand('p1', 'rapine'), sacrifice: 'martyr' })
    .eventRule('CardsLeftPlay', '401.3', { reason: 'destroyed' })
    .event('TriggerRaised', { trigger: { source: 'martyr', controller: 'p1' } })
    .noEvent('TriggerHappened')
    .expectState('payment.remaining', 1)
    .expectCount('players.p1.hand', 0, 'p1');
  pay(b);
  b.event('TriggerHappened', { source: 'martyr' })
    .expectCount('players.p1.hand', 1, 'p1')
    .expectState('chain.0.kind', 'card');
  b.do('p2', 'Pass').eventRule('InfluenceLost', '408.3b', { player: 'p2', amount: 3 });
  add(b);
}
{
  // 407.5: a location that changes controller during the battle stops being the target of the attack.
  const cards = [
    {
      id: 'test-annexation',
      name: 'Test Annexation',
      type: 'tactic',
      cost: 0,
      playCost: [{ kind: 'pick', pick: { type: 'location', controller: 'opponent' } }],
      effect: [{ do: 'control', on: 'picked' }],
      text: 'Cost: Pick a location your opponent controls. Effect: Gain control of the picked location.',
    },
  ];
  const b = new B(
    'test-card-location-changes-control-mid-battle',
    '407.5',
    'p1 attacks p2’s Toll Gate with the Ledger Spy, then gains control of the Toll Gate with a test tactic in the battle: the location stops being the target of the attack, so the unblocked Spy has nothing to damage and the Gate keeps its structure.',
    {
      ...pos(
        {
          hand: [{ card: 'test-annexation', id: 'annex' }],
          play: [{ card: 'ledger-spy', id: 'spy' }, ...RAGE3],
        },
        { play: [{ card: 'toll-gate', id: 'gate' }, ...GREED3] },
      ),
      cards,
    },
  );
  b.do('p1', 'Attack', { target: 'gate' })
    .do('p1', 'AddAttacker', { card: 'spy' })
    .do('p1', 'ConfirmAttackers');
  pay(b);
  b.do('p1', 'PlayCard', { card: 'annex', pick: 'gate' })
    .do('p2', 'Pass')
    .eventRule('ControlChanged', '407.5', { card: 'gate', to: 'p1', inBattle: false })
    .expectState('battle.target', null);
  passWindow(b);
  passWindow(b);
  b.eventRule('BattleDamageAssigned', '609.2', { source: 'spy', target: null, amount: 2 });
  passWindow(b);
  b.eventRule('BattleEnded', '609.1h').stats('gate', { damage: 0 }).stats('gold', { influence: 20 });
  add(b);
}

for (const b of all) {
  if (b.stepCount === 0) continue;
  b.save();
}
console.log(`wrote ${all.filter((b) => b.stepCount > 0).length} scenarios`);
