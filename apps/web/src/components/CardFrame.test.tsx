// @vitest-environment jsdom
// The inspector draws the card as a card (issue 24): name, cost, type line, rules text, stats; the picture only
// when the card data has one the page may load.
import { cleanup, render } from '@testing-library/react';
import type { CardTile } from '@matchtape/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { artSrc, CardInspector } from './Tile';

afterEach(cleanup);

const tile = (art?: string): CardTile => ({
  id: 'p1-c7',
  cardId: 'AC-007',
  face: {
    name: 'Ridge Warden',
    cost: '3',
    types: ['Ally', 'Beast'],
    colors: ['green'],
    stats: { power: 3, health: 4 },
    keywords: ['Guard'],
    text: 'When this enters, draw a card.',
    ...(art ? { art } : {}),
  },
  current: { power: 5 },
});
const rect = { left: 10, top: 10, right: 100, bottom: 100 };

describe('CardInspector as a card', () => {
  it('shows name, cost, type line, keywords, rules text and stats in a frame of the game', () => {
    const { container } = render(<CardInspector target={{ tile: tile(), rect }} game="alpha-clash" />);
    const frame = container.querySelector('.card-frame.card-frame-alpha-clash')!;
    expect(frame.querySelector('.cf-name')!.textContent).toBe('Ridge Warden');
    expect(frame.querySelector('.cf-cost')!.textContent).toBe('3');
    expect(frame.querySelector('.cf-type')!.textContent).toContain('Ally · Beast');
    expect(frame.querySelector('.cf-box')!.textContent).toContain('When this enters, draw a card.');
    expect(frame.querySelector('.cf-box')!.textContent).toContain('Guard');
    expect(frame.querySelector('.cf-stats')!.textContent).toContain('5 (printed 3)');
    expect(frame.querySelector('.cf-art img')).toBeNull();
  });

  it('draws the picture when the card data has a same-origin art URL, and never a foreign one', () => {
    const { container } = render(
      <CardInspector target={{ tile: tile('/art/ac-007.webp'), rect }} game="grand-archive" />,
    );
    expect(container.querySelector('.cf-art img')!.getAttribute('src')).toBe('/art/ac-007.webp');
    cleanup();
    const other = render(<CardInspector target={{ tile: tile('https://example.com/a.png'), rect }} />);
    expect(other.container.querySelector('.cf-art img')).toBeNull();
    expect(artSrc('//example.com/a.png')).toBeNull();
    expect(artSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
