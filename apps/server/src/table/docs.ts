// The table's routes in /api/openapi.json (so the schema-driven fuzz test covers them too).
import type { Doc } from '../http/openapi';
import { ErrorBody, MatchIdParams } from '../http/schemas';
import * as C from './contract';

const err = (description: string) => ({ description, schema: ErrorBody });
const seatRefusals = { 400: err('invalid request'), 401: err('missing or bad token'), 403: err('not a seat token of this match'), 404: err('no such match'), 429: err('rate limited') };

export const tableRouteDocs: Doc[] = [
  {
    method: 'post',
    path: '/api/practice',
    summary: 'Start a practice match against a greedy bot (no token; rate-limited per address)',
    body: C.PracticeBody,
    responses: { 201: { description: 'seated as p1', schema: C.PracticeResponse }, 400: err('invalid request'), 404: err('unknown game'), 422: err('invalid deck'), 429: err('rate limited') },
  },
  {
    method: 'post',
    path: '/api/join',
    summary: 'Claim the seat of an invite code (idempotent: the same code always seats the same seat)',
    body: C.JoinBody,
    responses: { 200: { description: 'seated', schema: C.JoinResponse }, 400: err('invalid request'), 404: err('unknown invite'), 429: err('rate limited') },
  },
  { method: 'get', path: '/api/matches/{id}/seat', summary: 'The seat of the bearer: opponents, deck step, status, clock', auth: 'seat token', params: MatchIdParams, responses: { 200: { description: 'seat', schema: C.SeatInfo }, ...seatRefusals } },
  {
    method: 'post',
    path: '/api/matches/{id}/deck',
    summary: 'Submit the seat\'s deck (text or preset) before the match; the match starts when every seat has one',
    auth: 'seat token',
    params: MatchIdParams,
    body: C.DeckBody,
    responses: { 200: { description: 'accepted', schema: C.DeckAccepted }, 409: err('the match has started'), 422: { description: 'refused, line by line', schema: C.DeckRefused }, ...seatRefusals },
  },
  { method: 'get', path: '/api/matches/{id}/actions', summary: 'What the seat may do now: one offer per legal command, in words', auth: 'seat token', params: MatchIdParams, responses: { 200: { description: 'actions', schema: C.TableActions }, ...seatRefusals } },
];
