// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchTape } from '../lib/tape';
import { fixtureGame, fixtureMatch } from '../test/fixture-game';
import { Log } from './Log';
import { Scrubber } from './Timeline';

afterEach(cleanup);

const SEATS: ReadonlyMap<string, string> = new Map([
  ['p1', 'Alice'],
  ['p2', 'Bob'],
]);

function tape() {
  const t = new MatchTape(fixtureGame);
  t.append(fixtureMatch());
  return t;
}

describe('Scrubber', () => {
  it('draws a band per phase, a marker per turn and per key moment, and reports its position', () => {
    const t = tape();
    const { container } = render(
      <Scrubber
        nav={t.timeline}
        length={t.length}
        version={1}
        seq={5}
        phases={['start', 'main', 'end']}
        onSeek={() => {}}
        onDragEnd={() => {}}
        keyLabel={(k) => k.label}
      />,
    );
    expect(container.querySelectorAll('.tl-band')).toHaveLength(6);
    expect(container.querySelectorAll('.tl-turn')).toHaveLength(3);
    expect(container.querySelectorAll('.tl-key-attack')).toHaveLength(2);
    const slider = screen.getByRole('slider', { name: 'Match timeline' });
    expect(slider.getAttribute('aria-valuenow')).toBe('5');
    expect(slider.getAttribute('aria-valuetext')).toBe('Event 5 of 12, turn 1, Main');
  });

  it('key moments are buttons in one Tab stop: arrows move between them (not the match), Enter goes there', () => {
    const t = tape();
    const onSeek = vi.fn();
    const pageKeys = vi.fn();
    window.addEventListener('keydown', pageKeys);
    render(
      <Scrubber
        nav={t.timeline}
        length={t.length}
        version={1}
        seq={0}
        phases={[]}
        onSeek={onSeek}
        onDragEnd={() => {}}
        keyLabel={(k) => `said ${k.label}`}
      />,
    );
    const group = screen.getByRole('toolbar', { name: 'Key moments (2)' });
    const markers = [...group.querySelectorAll('button')];
    expect(markers).toHaveLength(2);
    expect(markers.map((b) => b.tabIndex)).toEqual([0, -1]);
    expect(markers[0]!.getAttribute('aria-label')).toMatch(/^Event 6, turn 1: said /);
    markers[0]!.focus();
    fireEvent.keyDown(markers[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(markers[1]);
    expect(pageKeys).not.toHaveBeenCalled();
    fireEvent.click(markers[1]!);
    expect(onSeek).toHaveBeenCalledWith(11, false);
    window.removeEventListener('keydown', pageKeys);
  });

  it('maps a drag to seqs along the bar, once per frame, and the release to the final seq', () => {
    const t = tape();
    const onSeek = vi.fn();
    const onDragEnd = vi.fn();
    // jsdom has no PointerEvent: a MouseEvent carries the same fields the scrubber reads.
    if (typeof window.PointerEvent === 'undefined') {
      class PointerEventShim extends MouseEvent {
        readonly pointerId: number;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 0;
        }
      }
      vi.stubGlobal('PointerEvent', PointerEventShim);
    }
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    render(
      <Scrubber
        nav={t.timeline}
        length={t.length}
        version={1}
        seq={0}
        phases={[]}
        onSeek={onSeek}
        onDragEnd={onDragEnd}
        keyLabel={(k) => k.label}
      />,
    );
    const slider = screen.getByRole('slider');
    slider.getBoundingClientRect = () => ({
      left: 100,
      width: 1200,
      top: 0,
      height: 30,
      right: 1300,
      bottom: 30,
      x: 100,
      y: 0,
      toJSON: () => null,
    });
    slider.setPointerCapture = () => {};
    fireEvent.pointerDown(slider, { button: 0, clientX: 400, pointerId: 1 });
    fireEvent.pointerMove(slider, { clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(slider, { clientX: 700, pointerId: 1 });
    expect(frames).toHaveLength(1); // coalesced into one frame
    act(() => frames[0]!(0));
    expect(onSeek).toHaveBeenLastCalledWith(6, true); // (700-100)/1200 of 12 events
    fireEvent.pointerUp(slider, { clientX: 1300, pointerId: 1 });
    expect(onSeek).toHaveBeenLastCalledWith(12, false);
    expect(onDragEnd).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

describe('Log', () => {
  it("shows the playhead's turn in plain words with rule numbers; clicking a line seeks there", () => {
    const t = tape();
    const onSeek = vi.fn();
    const { container } = render(
      <Log
        game={fixtureGame}
        envelopes={t.envelopes}
        names={() => new Map()}
        nav={t.timeline}
        seats={SEATS}
        length={t.length}
        seq={3}
        filter="follow"
        onFilter={() => {}}
        onSeek={onSeek}
      />,
    );
    const lines = container.querySelectorAll('.log-line');
    expect([...lines].map((l) => l.getAttribute('data-seq'))).toEqual(['2', '3', '4', '5', '6', '7']);
    // Players by name, in the line and in the actor column; events done by the rules are marked automatic.
    expect(container.querySelector('[aria-current="true"]')?.textContent).toContain('Alice draws a card');
    expect(container.textContent).not.toMatch(/\bp[12]\b/);
    expect(container.querySelector('[data-seq="2"] .log-who')?.textContent).toBe('auto');
    expect(container.querySelector('[aria-current="true"] .log-rule')?.textContent).toBe('502.1');
    expect(container.querySelectorAll('.log-future')).toHaveLength(4);
    fireEvent.click(screen.getByText('Bob takes 2 damage'));
    expect(onSeek).toHaveBeenCalledWith(6);
  });

  it('filters to a chosen turn', () => {
    const t = tape();
    const { container } = render(
      <Log
        game={fixtureGame}
        envelopes={t.envelopes}
        names={() => new Map()}
        nav={t.timeline}
        seats={SEATS}
        length={t.length}
        seq={3}
        filter={2}
        onFilter={() => {}}
        onSeek={() => {}}
      />,
    );
    expect([...container.querySelectorAll('.log-line')].map((l) => l.getAttribute('data-seq'))).toEqual([
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
  });
});
