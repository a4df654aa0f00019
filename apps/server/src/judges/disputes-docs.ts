// The judges' routes in /api/openapi.json (so the schema-driven fuzz test covers them too).
import type { Doc } from '../http/openapi';
import { ErrorBody } from '../http/schemas';
import { AttachEvidenceBody, CloseDisputeBody, OpenDisputeBody, RecordRulingBody } from './disputes-model';
import { CaseQuery, DiffQuery, DisputeParams, KnowledgeQuery, MatchParams, RulesParams, RulesQuery, TokenQuery } from './disputes';

const err = (description: string) => ({ description, schema: ErrorBody });
const refusals = { 400: err('invalid request'), 401: err('missing or bad token'), 403: err('not allowed for this token'), 404: err('no such match or dispute'), 409: err('match ended / dispute closed'), 429: err('rate limited') };
const both = 'judge token, or a seat token of the match';

export const disputeRouteDocs: Doc[] = [
  { method: 'get', path: '/api/matches/{id}/disputes', summary: "The match's disputes", auth: both, params: MatchParams, query: TokenQuery, responses: { 200: { description: 'disputes' }, ...refusals } },
  { method: 'post', path: '/api/matches/{id}/disputes', summary: 'Open a dispute pinned to a seq (a seat during the match, a judge any time)', auth: both, params: MatchParams, body: OpenDisputeBody, responses: { 201: { description: 'opened' }, ...refusals } },
  { method: 'get', path: '/api/matches/{id}/disputes/{disputeId}', summary: 'One dispute', auth: both, params: DisputeParams, query: TokenQuery, responses: { 200: { description: 'dispute' }, ...refusals } },
  { method: 'post', path: '/api/matches/{id}/disputes/{disputeId}/evidence', summary: 'Attach evidence to an open dispute', auth: both, params: DisputeParams, body: AttachEvidenceBody, responses: { 201: { description: 'attached' }, ...refusals } },
  { method: 'post', path: '/api/matches/{id}/disputes/{disputeId}/ruling', summary: 'Record a ruling', auth: 'judge token', params: DisputeParams, body: RecordRulingBody, responses: { 201: { description: 'recorded' }, ...refusals } },
  { method: 'post', path: '/api/matches/{id}/disputes/{disputeId}/close', summary: 'Close a dispute', auth: 'judge token', params: DisputeParams, body: CloseDisputeBody, responses: { 200: { description: 'closed' }, ...refusals } },
  { method: 'get', path: '/api/matches/{id}/disputes/{disputeId}/case', summary: 'The case file: JSON or printable HTML', auth: 'judge token', params: DisputeParams, query: CaseQuery, responses: { 200: { description: 'case file' }, ...refusals } },
  { method: 'get', path: '/api/matches/{id}/knowledge', summary: 'Who knew what at a seq', auth: 'judge token', params: MatchParams, query: KnowledgeQuery, responses: { 200: { description: 'knowledge per player and zone' }, ...refusals } },
  { method: 'get', path: '/api/matches/{id}/diff', summary: 'What changed between two seqs (of this match, or of it and another, e.g. its fork)', auth: 'judge token', params: MatchParams, query: DiffQuery, responses: { 200: { description: 'changes' }, ...refusals } },
  { method: 'get', path: '/api/games/{game}/rules', summary: 'Rule text from the rules documents', params: RulesParams, query: RulesQuery, responses: { 200: { description: 'rule texts' }, 400: err('invalid request'), 404: err('unknown game') } },
];
