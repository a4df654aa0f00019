// The dispute case file's shape: the contract between apps/server/src/judges (which builds it) and the site's
// review page (which reads it). Types only, so a browser bundle can take it (`@matchtape/server/case-contract`)
// without pulling in the server.
import type { BoardModel } from '@matchtape/engine';
import type { decisionTimes, Decision, KnowledgeAt } from '@matchtape/projections';
import type { RejectedCommand } from '@matchtape/store';
import type { DisputeRecord } from './disputes-model';
import type { RuleText } from './disputes-rules';

export type { DisputeRecord, RuleText };

/** `GET /api/matches/:id/verification`'s answer (judges-replay); the case carries it as it is. */
export interface VerificationResult {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string }[];
  firstBadSeq?: number;
}

export interface CaseEvent {
  seq: number;
  at: string;
  turn: number;
  phase: string;
  step: string | null;
  type: string;
  /** The player whose command it was, or null for a turn-based action. */
  player: string | null;
  /** The event in words: players by name, cards by the names the judge sees, as the site's log writes them. */
  text: string;
  /** Phase and step as the rules document names them ("Clash Phase · Attack Step"). */
  position: string;
  /** Who acted, by name ("game" for a rules action). */
  who: string;
  rule: RuleText | null;
  pinned: boolean;
  /**
   * A fork may start here: after this event someone may act and the match goes on (judges/replay.ts refuses
   * the rest, e.g. a command's first event when the rules' own events follow it).
   */
  forkable: boolean;
}

export interface CaseRejection extends Omit<RejectedCommand, 'matchId'> {
  /** The last event before it: it was refused at that moment. */
  afterSeq: number;
  ruleText: RuleText;
}

export interface CaseFile {
  kind: 'matchtape-dispute-case';
  version: 1;
  createdAt: string;
  match: {
    matchId: string;
    game: string;
    title: string;
    rulesVersion: string;
    status: string;
    lastSeq: number;
    players: { id: string; name: string }[];
    parentMatchId: string | null;
  };
  dispute: DisputeRecord;
  window: { fromSeq: number; toSeq: number; size: number };
  events: CaseEvent[];
  /** Boards at the pinned seq: `judge` (the truth) and each seat's view. */
  perspectives: Record<string, BoardModel>;
  knowledge: KnowledgeAt;
  rejections: CaseRejection[];
  /** Decisions in the window, each with what was decided in words ("reserve selected"). */
  decisions: {
    inWindow: (Decision & { what: string })[];
    perPlayer: ReturnType<typeof decisionTimes>['perPlayer'];
  };
  verification: VerificationResult;
}
