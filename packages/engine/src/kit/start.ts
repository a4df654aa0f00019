// Scenario start positions and test cards: the contract between a scenario file's "start" / "cards" and the
// game hook (GameModule.scenario) that turns them into events. The kit defines and checks the generic shape;
// each game reads the fields it needs (zone names, statuses, effect kinds are the game's) and rejects the rest
// with a clear error. Every field is documented in packages/engine/README.md ("Scenario files").
import { z } from 'zod';
import { PlayerIdSchema } from '../ids';

/** ready/engaged (Alpha Clash), awake/rested (Grand Archive): the game maps them to its own flags. */
export const CardStatusSchema = z.enum(['ready', 'engaged', 'awake', 'rested']);

/** One card placed by a start position. A bare string is `{ card: <that id> }`. */
export const StartCardObjectSchema = z.looseObject({
  /** Card definition id: a pool card of the game or a test card of the scenario. */
  card: z.string().min(1),
  /** The instance id the game must give it, so commands and assertions can name it (default: the game's own). */
  id: z.string().min(1).optional(),
  status: CardStatusSchema.optional(),
  faceDown: z.boolean().optional(),
  /** The turn it entered the zone (summoning sickness, "this turn" conditions). */
  enteredTurn: z.number().int().nonnegative().optional(),
  /** The turn a face-down card was set (Traps can't be activated the turn they are set). */
  setTurn: z.number().int().nonnegative().optional(),
  counters: z.record(z.string(), z.number().int()).optional(),
  damage: z.number().int().nonnegative().optional(),
  /** For cards with health / life of their own (Contenders, champions): current and maximum. */
  health: z.number().int().optional(),
  maxHealth: z.number().int().optional(),
  /** Instance id of the card this one is attached to (a Weapon on a Clash card, a weapon on a champion). */
  attachedTo: z.string().min(1).optional(),
  /** Controller when it differs from the zone's player. */
  controller: PlayerIdSchema.optional(),
  /** "This turn" flags in the game's names ("used" an once-per-turn effect, "attacked", "damaged"…). */
  thisTurn: z.array(z.string().min(1)).optional(),
});
export const StartCardSchema = z.union([z.string().min(1), StartCardObjectSchema]);
export type StartCard = z.infer<typeof StartCardObjectSchema>;

export const StartPlayerSchema = z.looseObject({
  /** Cards by zone, in the game's zone names ("hand", "deck" top first, "clash", "resources", "field"…). */
  zones: z.record(z.string(), z.array(StartCardSchema)).default({}),
  health: z.number().int().optional(),
  maxHealth: z.number().int().optional(),
  /** Player-level counters (e.g. a material deck's count, life gained this turn). */
  counters: z.record(z.string(), z.number().int()).optional(),
  /** A player's "this turn" flags in the game's names (e.g. "resourcePlaced"). */
  thisTurn: z.array(z.string().min(1)).optional(),
});

/** A continuous effect in force at the start: what it does is the game's (`kind` names its effect). */
export const StartEffectSchema = z.looseObject({
  kind: z.string().min(1),
  /** Instance id of the source, if any. */
  source: z.string().optional(),
  /** Instance id or player id it applies to. */
  target: z.string().optional(),
  /** When it ends, in the game's terms ("end-of-turn", "end-of-clash", "permanent"). */
  until: z.string().optional(),
});

export const ScenarioStartSchema = z.looseObject({
  turn: z.number().int().positive(),
  turnPlayer: PlayerIdSchema,
  /** Phase and step names as the machine's meta gives them; checked against the machine. */
  phase: z.string().min(1),
  step: z.string().min(1).nullable().optional(),
  /** Who holds priority / Opportunity (default: the turn player). */
  priority: PlayerIdSchema.optional(),
  players: z.record(PlayerIdSchema, StartPlayerSchema),
  /** Zones nobody owns (Clashground, Portal, the Effects Stack…), in the game's names. */
  shared: z.record(z.string(), z.array(StartCardSchema)).optional(),
  effects: z.array(StartEffectSchema).optional(),
});
export type ScenarioStart = z.infer<typeof ScenarioStartSchema>;

export const TestCardSchema = z.looseObject({
  /** Card id used in the scenario; must not collide with a pool card. */
  id: z.string().min(1),
  name: z.string().min(1),
  /** Card type as the game names it ("Clash", "Ally", "Action"…); the game checks it. */
  type: z.string().min(1),
  cost: z.union([z.string(), z.number().int()]).optional(),
  /** Printed stats by the game's names (atk/def, power/life/durability, level…). */
  stats: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  /** Keywords from the game's keyword table, e.g. "Stealth" or { "keyword": "Enrage", "value": 2 }. */
  keywords: z
    .array(
      z.union([
        z.string().min(1),
        z.object({ keyword: z.string().min(1), value: z.number().int().optional() }).strict(),
      ]),
    )
    .optional(),
  colors: z.array(z.string()).optional(),
  text: z.string().optional(),
});
export type TestCard = z.infer<typeof TestCardSchema>;

/** A start card in object form. */
export function startCard(c: z.infer<typeof StartCardSchema>): StartCard {
  return typeof c === 'string' ? { card: c } : c;
}

/** Every card a start position places, with where (player or "shared") and zone. */
export function startCards(start: ScenarioStart): { where: string; zone: string; card: StartCard }[] {
  const out: { where: string; zone: string; card: StartCard }[] = [];
  for (const [p, ps] of Object.entries(start.players))
    for (const [zone, cards] of Object.entries(ps.zones))
      for (const c of cards) out.push({ where: p, zone, card: startCard(c) });
  for (const [zone, cards] of Object.entries(start.shared ?? {}))
    for (const c of cards) out.push({ where: 'shared', zone, card: startCard(c) });
  return out;
}

/** Keyword name of a test card's keyword entry. */
export function keywordName(k: string | { keyword: string }): string {
  return typeof k === 'string' ? k : k.keyword;
}
