// The player's table, client side: the seat routes of the server's table contract (apps/server/src/table/contract.ts
// is the source of the shapes; the site reads them leniently with its own zod schemas, as api.ts does, so a field
// the server adds never breaks a table), the seat's stored credential, and the pure choices the table makes:
// which offers a click leaves, what to highlight next, and when to pass by itself.
import { z } from 'zod';
import { requestJson } from './api';

// ---------- shapes ----------

export const OfferSchema = z
  .object({
    key: z.string(),
    command: z.object({ type: z.string() }).catchall(z.unknown()),
    label: z.string(),
    kind: z.string(),
    source: z.string().nullable().optional(),
    targets: z.array(z.string()).nullable().optional(),
    pays: z.array(z.string()).nullable().optional(),
    rule: z.string().nullable().optional(),
  })
  .loose();
export type Offer = z.infer<typeof OfferSchema>;

export const TableActionsSchema = z
  .object({
    seq: z.number(),
    status: z.string(),
    you: z.string(),
    waitingFor: z
      .object({ seat: z.string(), name: z.string().optional(), text: z.string() })
      .loose()
      .nullable()
      .optional(),
    prompt: z.object({ kind: z.string(), text: z.string() }).loose().nullable().optional(),
    offers: z.array(OfferSchema),
  })
  .loose();
export type TableActions = z.infer<typeof TableActionsSchema>;

/** A match's clock as the desk reads it (`GET /api/matches/:id/clock`) and the table in its seat's `clock`. */
export const ClockSchema = z
  .object({
    kind: z.string(),
    remainingMs: z.record(z.string(), z.number()).optional(),
    running: z.string().nullable().optional(),
    asOf: z.string().optional(),
  })
  .loose();
export type ClockInfo = z.infer<typeof ClockSchema>;

export const SeatInfoSchema = z
  .object({
    matchId: z.string(),
    game: z.string(),
    seat: z.string(),
    name: z.string().optional(),
    opponents: z
      .array(
        z
          .object({
            seat: z.string(),
            name: z.string().optional(),
            bot: z.boolean().optional(),
            connected: z.boolean().optional(),
            deckSubmitted: z.boolean().optional(),
          })
          .loose(),
      )
      .default([]),
    deck: z
      .object({ submitted: z.boolean(), presets: z.array(z.string()).default([]) })
      .loose()
      .optional(),
    status: z.string(),
    clock: ClockSchema.nullable().optional(),
  })
  .loose();
export type SeatInfo = z.infer<typeof SeatInfoSchema>;

const SeatClaimSchema = z
  .object({ matchId: z.string(), seat: z.string(), seatToken: z.string(), name: z.string().optional() })
  .loose();
export type SeatClaim = z.infer<typeof SeatClaimSchema>;

export const DeckLineSchema = z
  .object({ line: z.number(), text: z.string(), ok: z.boolean(), message: z.string().nullable().optional() })
  .loose();
export type DeckLine = z.infer<typeof DeckLineSchema>;

/** SSE `event: presence` on a seat's live stream (the server's PresenceFrame): another seat came or went. */
const PresenceFrameSchema = z.object({ seat: z.string(), connected: z.boolean() }).loose();

/** The presence a live message says, or null when it is another kind of message. */
export function presenceOf(event: string, data: unknown): { seat: string; connected: boolean } | null {
  if (event !== 'presence') return null;
  const r = PresenceFrameSchema.safeParse(data);
  return r.success ? { seat: r.data.seat, connected: r.data.connected } : null;
}

// ---------- the seat's credential ----------
// Kept in localStorage (not the session's storage) so closing the tab and opening /matches/ID/play again resumes
// the seat at once; the join link's code never stays in the address bar.

const seatKey = (matchId: string) => `matchtape.seat.${matchId}`;

export function saveSeat(store: Pick<Storage, 'setItem'>, claim: SeatClaim): void {
  store.setItem(
    seatKey(claim.matchId),
    JSON.stringify({ seat: claim.seat, seatToken: claim.seatToken, name: claim.name ?? null }),
  );
}

export function loadSeat(
  store: Pick<Storage, 'getItem'>,
  matchId: string,
): { seat: string; seatToken: string } | null {
  const raw = store.getItem(seatKey(matchId));
  if (!raw) return null;
  try {
    const v = z.object({ seat: z.string(), seatToken: z.string() }).loose().parse(JSON.parse(raw));
    return { seat: v.seat, seatToken: v.seatToken };
  } catch {
    return null;
  }
}

// ---------- routes ----------

const auth = (token: string | null) => ({ token });
const matchPath = (matchId: string, rest: string) => `/api/matches/${encodeURIComponent(matchId)}/${rest}`;

export async function startPractice(body: { game: string; name: string; deck?: string }): Promise<SeatClaim> {
  return SeatClaimSchema.parse(await requestJson('/api/practice', auth(null), { method: 'POST', body }));
}

export async function joinSeat(code: string): Promise<SeatClaim> {
  return SeatClaimSchema.parse(
    await requestJson('/api/join', auth(null), { method: 'POST', body: { code } }),
  );
}

export async function getSeat(matchId: string, token: string, signal?: AbortSignal): Promise<SeatInfo> {
  return SeatInfoSchema.parse(await requestJson(matchPath(matchId, 'seat'), auth(token), { signal }));
}

export async function getActions(
  matchId: string,
  token: string,
  signal?: AbortSignal,
): Promise<TableActions> {
  return TableActionsSchema.parse(await requestJson(matchPath(matchId, 'actions'), auth(token), { signal }));
}

/**
 * How long the table waits for one answer before it counts the request as lost. The table offers nothing while a
 * command is on its way, so an answer that never comes (a connection dropped without an error) must not leave the
 * Pass button disabled for good: the command is sent again with the same commandId, which acts at most once.
 */
export const COMMAND_ANSWER_MS = 15_000;

/**
 * A POST whose refusal body the table reads (deck lines, a command's rule); the status and the parsed body.
 * Status 0: no answer (unreachable, or none within `timeoutMs`).
 */
async function post(
  path: string,
  token: string,
  body: unknown,
  timeoutMs = COMMAND_ANSWER_MS,
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch {
    return { status: 0, body: null };
  }
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: res.status, body: null };
  }
}

const Refusal = z
  .object({
    message: z.string().optional(),
    rule: z.string().nullable().optional(),
    reason: z.string().optional(),
    ruleText: z.string().nullable().optional(),
    lines: z.array(DeckLineSchema).optional(),
  })
  .loose();

export type DeckAnswer = { ok: true } | { ok: false; lines: DeckLine[]; message: string };

export async function submitDeck(
  matchId: string,
  token: string,
  body: { text: string } | { preset: string },
): Promise<DeckAnswer> {
  const r = await post(matchPath(matchId, 'deck'), token, body);
  if (r.status >= 200 && r.status < 300) return { ok: true };
  const b = Refusal.safeParse(r.body);
  const lines = b.success ? (b.data.lines ?? []) : [];
  const message =
    r.status === 0
      ? 'The server cannot be reached; try again.'
      : ((b.success ? b.data.message : undefined) ??
        (lines.length ? 'Some lines of the deck need fixing.' : `The server answered ${r.status}.`));
  return { ok: false, lines, message };
}

export type CommandOutcome =
  { ok: true } | { ok: false; rule: string | null; reason: string; ruleText: string | null };

/** Sends one offered command; the commandId makes a retry after a dropped connection act at most once. */
export async function sendCommand(
  matchId: string,
  token: string,
  command: Record<string, unknown>,
  commandId: string,
  timeoutMs = COMMAND_ANSWER_MS,
): Promise<CommandOutcome> {
  for (let attempt = 0; ; attempt++) {
    const r = await post(matchPath(matchId, 'commands'), token, { ...command, commandId }, timeoutMs);
    if (r.status >= 200 && r.status < 300) return { ok: true };
    // Unreachable or a gateway error: the same commandId again is safe (the server acts at most once).
    if ((r.status === 0 || r.status === 502 || r.status === 503) && attempt < 4) {
      await new Promise((res) => setTimeout(res, 300 * (attempt + 1)));
      continue;
    }
    const b = Refusal.safeParse(r.body);
    const d = b.success ? b.data : {};
    return {
      ok: false,
      rule: d.rule ?? null,
      reason:
        d.reason ??
        d.message ??
        (r.status === 0
          ? 'The server did not answer; check the connection and try again (the action is done at most once).'
          : `The server answered ${r.status}.`),
      ruleText: d.ruleText ?? null,
    };
  }
}

// ---------- choosing among offers ----------

/** What the player has picked so far: the card the action starts from, the group (action), targets, payments. */
export interface Selection {
  source: string | null;
  group: string | null;
  targets: readonly string[];
  pays: readonly string[];
  /** Cards picked for a command that names them in another field (the cards put back by a mulligan). */
  cards: readonly string[];
}
export const EMPTY_SELECTION: Selection = { source: null, group: null, targets: [], pays: [], cards: [] };

/** Offers of one action on one card differ only by what they point at or pay with: one group, chosen on the board. */
export function groupKey(o: Offer): string {
  return `${o.source ?? ''}|${o.command.type}`;
}

export interface OfferGroup {
  key: string;
  kind: string;
  source: string | null;
  label: string;
  offers: Offer[];
}

/** The longest run of whole words every label starts with; the first label when they share none. */
export function commonLabel(labels: readonly string[]): string {
  if (labels.length === 0) return '';
  if (labels.length === 1) return labels[0]!;
  const split = labels.map((l) => l.split(' '));
  const first = split[0]!;
  let n = 0;
  while (n < first.length && split.every((w) => w[n] === first[n])) n++;
  const prefix = first
    .slice(0, n)
    .join(' ')
    .replace(/[\s,:;—–-]+(on|at|to|with|targeting|paying|using)?$/i, '')
    .trim();
  return prefix || labels[0]!;
}

export function groupOffers(offers: readonly Offer[]): OfferGroup[] {
  const m = new Map<string, Offer[]>();
  for (const o of offers) {
    const k = groupKey(o);
    const list = m.get(k);
    if (list) list.push(o);
    else m.set(k, [o]);
  }
  return [...m.entries()].map(([key, list]) => ({
    key,
    kind: list[0]!.kind,
    source: list[0]!.source ?? null,
    label: commonLabel(list.map((o) => o.label)),
    offers: list,
  }));
}

/** The offers still possible after the selection. */
export function remaining(offers: readonly Offer[], sel: Selection): Offer[] {
  return offers.filter(
    (o) =>
      (sel.source === null || (o.source ?? null) === sel.source) &&
      (sel.group === null || groupKey(o) === sel.group) &&
      sel.targets.every((t) => (o.targets ?? []).includes(t)) &&
      sel.pays.every((p) => (o.pays ?? []).includes(p)) &&
      sel.cards.every((c) => idsIn(o).includes(c)),
  );
}

/** Ids still worth clicking in one list of each offer (targets or pays): those that narrow the offers left. */
function narrowing(
  offers: readonly Offer[],
  pick: (o: Offer) => readonly string[],
  chosen: readonly string[],
): string[] {
  const all = new Set<string>();
  for (const o of offers) for (const id of pick(o)) if (!chosen.includes(id)) all.add(id);
  return [...all].filter((id) => offers.some((o) => !pick(o).includes(id)));
}

/** Offers whose list is exactly what was chosen (a choice of several cards is finished with "Done"). */
function exactly(
  offers: readonly Offer[],
  pick: (o: Offer) => readonly string[],
  chosen: readonly string[],
): Offer[] {
  return offers.filter((o) => pick(o).length === chosen.length && chosen.every((c) => pick(o).includes(c)));
}

const targetsOf = (o: Offer) => o.targets ?? [];
const paysOf = (o: Offer) => o.pays ?? [];

/** Every string, and string in a list, among a command's arguments (besides its type and player). */
export function idsIn(o: Offer): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(o.command)) {
    if (k === 'type' || k === 'player') continue;
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(x);
  }
  return out;
}

export type Step =
  | { kind: 'none' }
  /** The card's actions, or the general ones when no card is picked. */
  | { kind: 'actions'; groups: OfferGroup[] }
  /** Click one of `ids` on the board; `done` are the offers that match what is chosen so far, exactly. */
  | { kind: 'targets' | 'pays' | 'cards'; ids: string[]; offers: Offer[]; done: Offer[] }
  /** Offers that differ in nothing the board shows (a division, an order): listed by their labels. */
  | { kind: 'list'; offers: Offer[] }
  | { kind: 'send'; offer: Offer };

/** What the table asks next for a selection: the list of actions, a target, a payment, or nothing (send). */
export function nextStep(
  offers: readonly Offer[],
  sel: Selection,
  known: (id: string) => boolean = () => false,
): Step {
  const left = remaining(offers, sel);
  if (left.length === 0) return { kind: 'none' };
  if (sel.group === null) return { kind: 'actions', groups: groupOffers(left) };
  if (left.length === 1) return { kind: 'send', offer: left[0]! };
  const targetIds = narrowing(left, targetsOf, sel.targets);
  if (targetIds.length > 0)
    return { kind: 'targets', ids: targetIds, offers: left, done: exactly(left, targetsOf, sel.targets) };
  const payIds = narrowing(left, paysOf, sel.pays);
  if (payIds.length > 0)
    return { kind: 'pays', ids: payIds, offers: left, done: exactly(left, paysOf, sel.pays) };
  // Offers that differ by cards named in another argument: those cards are picked on the board too.
  const cardsOf = (o: Offer) => idsIn(o).filter(known);
  const cardIds = narrowing(left, cardsOf, sel.cards);
  if (cardIds.length > 0)
    return { kind: 'cards', ids: cardIds, offers: left, done: exactly(left, cardsOf, sel.cards) };
  return { kind: 'list', offers: left };
}

/** Card ids that start at least one offer, with the kinds of what they can do. */
export function sourcesOf(offers: readonly Offer[]): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const o of offers) {
    if (!o.source) continue;
    const kinds = m.get(o.source) ?? new Set<string>();
    kinds.add(o.kind);
    m.set(o.source, kinds);
  }
  return m;
}

// ---------- passing ----------

/** Commands that move the game on without doing anything: ending a step or turn, finishing a declaration. */
const MOVE_ON = /^(End|Finish|Confirm)[A-Z]/;

/**
 * The offer one key (Space / Enter) and the big button send: the seat's pass; where the game has no pass at this
 * point, its one way of moving on (End turn, Finish defense…).
 */
export function passOffer(offers: readonly Offer[]): Offer | null {
  const pass = offers.find((o) => o.kind === 'pass');
  if (pass) return pass;
  const onward = offers.filter((o) => !o.source && MOVE_ON.test(o.command.type));
  return onward.length === 1 ? onward[0]! : null;
}

export interface AutoPassSettings {
  /** Steps ("phase" or "phase/step") where the table stops and asks even though passing is possible. */
  stops: readonly string[];
  /** Passes every priority until something happens (the opponent acts, or a new turn begins). */
  untilSomething: boolean;
  /** After the player's own action, keep priority (no automatic pass) — as "hold priority" in digital clients. */
  hold: boolean;
}

export const DEFAULT_AUTOPASS: AutoPassSettings = { stops: [], untilSomething: false, hold: false };

export function stepKey(phase: string, step: string | null): string {
  return step ? `${phase}/${step}` : phase;
}

/**
 * Whether the table passes by itself now. Only a plain priority prompt is ever passed (never a choice, a
 * mulligan, blockers…), only when a pass is offered, never at a step the player stops at, and never while the
 * player holds priority after their own action.
 */
export function shouldAutoPass(
  a: { prompt?: TableActions['prompt']; offers: readonly Offer[] },
  where: { phase: string; step: string | null },
  s: AutoPassSettings & { enabled: boolean; heldByOwnAction: boolean },
): boolean {
  if (!a.prompt || a.prompt.kind !== 'priority') return false;
  if (!a.offers.some((o) => o.kind === 'pass')) return false;
  if (s.heldByOwnAction && s.hold) return false;
  if (s.untilSomething) return true;
  if (!s.enabled) return false;
  return !s.stops.includes(stepKey(where.phase, where.step)) && !s.stops.includes(where.phase);
}

const STOPS_KEY = (game: string) => `matchtape.table.autopass.${game}`;

export function loadAutoPass(
  store: Pick<Storage, 'getItem'>,
  game: string,
): AutoPassSettings & { enabled: boolean } {
  try {
    const raw = store.getItem(STOPS_KEY(game));
    if (!raw) return { ...DEFAULT_AUTOPASS, enabled: false };
    const v = z
      .object({ stops: z.array(z.string()), hold: z.boolean(), enabled: z.boolean() })
      .loose()
      .parse(JSON.parse(raw));
    return { stops: v.stops, hold: v.hold, enabled: v.enabled, untilSomething: false };
  } catch {
    return { ...DEFAULT_AUTOPASS, enabled: false };
  }
}

export function saveAutoPass(
  store: Pick<Storage, 'setItem'>,
  game: string,
  s: AutoPassSettings & { enabled: boolean },
): void {
  store.setItem(STOPS_KEY(game), JSON.stringify({ stops: s.stops, hold: s.hold, enabled: s.enabled }));
}

/** A clock's time as the player reads it: "4:05", "0:09", or "1:02:03". */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A seat's remaining time now, counting down from the server's figure when that seat's clock runs. */
export function remainingNow(clock: ClockInfo, seat: string, nowMs: number): number | null {
  const base = clock.remainingMs?.[seat];
  if (base === undefined) return null;
  if (clock.running !== seat || !clock.asOf) return base;
  return base - Math.max(0, nowMs - Date.parse(clock.asOf));
}

// ---------- ordering simultaneous triggers ----------

/**
 * The triggers (or cards) a seat puts in order. The games ask in one of two ways: one command per item, chosen one
 * at a time ("resolve this trigger next": `sequence`, the top of the list is sent first and the rest follow as the
 * game asks again), or one command per whole arrangement (`whole`, the offer whose list is the arrangement).
 */
export interface OrderChoice {
  mode: 'sequence' | 'whole';
  type: string;
  items: { id: string; label: string }[];
}

/** The one string argument of an ordering command (the trigger it names), or null. */
function orderItem(o: Offer): string | null {
  const args = Object.entries(o.command).filter(([k]) => k !== 'type' && k !== 'player');
  return args.length === 1 && typeof args[0]![1] === 'string' ? args[0]![1] : null;
}

/** The one list argument of an ordering command (the arrangement it names), or null. */
function orderList(o: Offer): string[] | null {
  const args = Object.entries(o.command).filter(([k]) => k !== 'type' && k !== 'player');
  const v = args.length === 1 ? args[0]![1] : null;
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
}

/** Two or more offers of kind `order` and one type: the list the table lets the player drag into order. */
export function orderChoice(
  offers: readonly Offer[],
  nameOf: (id: string) => string = (id) => id,
): OrderChoice | null {
  const byType = new Map<string, Offer[]>();
  for (const o of offers)
    if (o.kind === 'order') byType.set(o.command.type, [...(byType.get(o.command.type) ?? []), o]);
  for (const [type, list] of byType) {
    if (list.length < 2) continue;
    const ids = list.map(orderItem);
    if (ids.every((id): id is string => id !== null) && new Set(ids).size === ids.length)
      return { mode: 'sequence', type, items: list.map((o, i) => ({ id: ids[i]!, label: o.label })) };
    const first = orderList(list[0]!);
    const same = (l: string[] | null) =>
      l !== null &&
      first !== null &&
      l.length === first.length &&
      [...l].sort().join('\u0000') === [...first].sort().join('\u0000');
    if (first && new Set(first).size === first.length && list.every((o) => same(orderList(o))))
      return { mode: 'whole', type, items: first.map((id) => ({ id, label: nameOf(id) })) };
  }
  return null;
}

/** The offer that answers an order (the top item's, or the whole arrangement's), or null when none does. */
export function orderOffer(
  offers: readonly Offer[],
  choice: Pick<OrderChoice, 'mode' | 'type'>,
  ids: readonly string[],
): Offer | null {
  const ofType = offers.filter((o) => o.kind === 'order' && o.command.type === choice.type);
  if (choice.mode === 'sequence') return ofType.find((o) => orderItem(o) === ids[0]) ?? null;
  return ofType.find((o) => orderList(o)?.join('\u0000') === ids.join('\u0000')) ?? null;
}

/** A list with the item at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const [x] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(out.length, to)), 0, x!);
  return out;
}

/**
 * The rest of a chosen order, as the game asks again: the offer for the queue's next item when the seat's offers
 * hold it (then `rest` is what follows); `stop` when the game asks for the order again and the next item is not
 * among it, or it asks about an item the chosen order never held (the order no longer applies: the player
 * chooses again); `wait` while the seat is asked nothing of that kind (the opponent acts, or a resolving trigger
 * asks its own choice first). Asking again only ever about items left from the order is how the games ask for the
 * rest (GA 2.5.b.2.a: after one replacement effect applies, only the remaining ones are pending); a later ask
 * with a new item is another decision (the next damage, a new trigger), never answered from an old plan.
 */
export function nextOfOrder(
  offers: readonly Offer[],
  type: string,
  queue: readonly string[],
): { kind: 'send'; offer: Offer; rest: string[] } | { kind: 'stop' } | { kind: 'wait' } {
  if (queue.length === 0) return { kind: 'stop' };
  const asked = offers.filter((o) => o.kind === 'order' && o.command.type === type);
  if (asked.length === 0) return { kind: 'wait' };
  if (asked.some((o) => !queue.includes(orderItem(o) ?? '\u0000'))) return { kind: 'stop' };
  const offer = orderOffer(offers, { mode: 'sequence', type }, queue);
  return offer ? { kind: 'send', offer, rest: queue.slice(1) } : { kind: 'stop' };
}
