'use client';
// The match page's header: back link, game and players, live status, the event's round clock, the perspective
// switch, and the actions (dispute here, announcements, copy a link to this moment, the token).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Icon } from '../Icon';

export interface MatchHeaderProps {
  title: string;
  players: string;
  /** LiveStatus, the round clock, the perspective switch. */
  status: ReactNode;
  /** DisputeHere (judges and seats). */
  dispute: ReactNode;
  muted: boolean;
  onToggleMuted: () => void;
  onCopyLink: () => void;
  hasToken: boolean;
  onTokenDialog: () => void;
}

export function MatchHeader(props: MatchHeaderProps) {
  const { muted, hasToken } = props;
  return (
    <header className="match-head">
      <Link href="/" className="back" aria-label="All matches">
        ←
      </Link>
      <div className="match-title">
        <span className="game-name">{props.title}</span>
        <h1 title={props.players}>{props.players}</h1>
      </div>
      {props.status}
      <div className="head-actions">
        {props.dispute}
        <button
          className="btn ghost"
          onClick={props.onToggleMuted}
          aria-pressed={!muted}
          aria-label="Announce new events"
          title={
            muted
              ? 'Screen-reader announcements of new events are off'
              : 'New events are announced to screen readers'
          }
        >
          <Icon name={muted ? 'mute' : 'sound'} />{' '}
          <span className="label-wide">{muted ? 'Announcements off' : 'Announcements on'}</span>
        </button>
        <button
          className="btn"
          onClick={props.onCopyLink}
          aria-label="Copy link to this moment"
          title="Copy a link to this moment and perspective"
        >
          <Icon name="link" /> <span className="label-wide">Copy link to this moment</span>
        </button>
        <button
          className="btn ghost"
          onClick={props.onTokenDialog}
          aria-label={hasToken ? 'Token set: change or forget it' : 'Paste a viewer token'}
          title="Paste or forget a viewer token"
        >
          <Icon name="key" /> <span className="label-wide">{hasToken ? 'Token set' : 'Token…'}</span>
        </button>
      </div>
    </header>
  );
}
