import { z } from 'zod';

/** Seats are p1…pN, as the contract names them. */
export const PlayerIdSchema = z.string().regex(/^p[1-9][0-9]*$/, 'a player id is p1, p2, …');
export type PlayerId = `p${number}`;

/** Who is looking: a seat sees its own hidden cards, `public` what the rules make public, `judge` everything. */
export const ViewerSchema = z.union([z.literal('judge'), z.literal('public'), PlayerIdSchema]);
export type Viewer = 'judge' | 'public' | PlayerId;

export function isPlayer(viewer: string): viewer is PlayerId {
  return /^p[1-9][0-9]*$/.test(viewer);
}
