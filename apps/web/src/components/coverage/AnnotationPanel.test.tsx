// @vitest-environment jsdom
// The annotation editor names the card it highlights (issue 26: the chip read "card p2-c18" beside the button
// "+ highlight Jilocasin the Creator"): the chip carries the card's name, never its instance id.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { CardTile } from '@matchtape/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { AnnotationPanel } from './AnnotationPanel';
import type { Coverage } from './useCoverage';

afterEach(cleanup);

const cov: Coverage = {
  annotations: [],
  layers: [],
  you: 'tok-1',
  error: null,
  reload: () => undefined,
  shown: [],
  hidden: new Set(),
  toggleLayer: () => undefined,
  canWrite: true,
};

const card: CardTile = {
  id: 'p2-c18',
  cardId: 'jilocasin-the-creator',
  face: { name: 'Jilocasin the Creator' } as CardTile['face'],
};

describe('AnnotationPanel highlights', () => {
  it('a highlighted card is named on its chip, not by its instance id', () => {
    render(
      <AnnotationPanel
        cov={cov}
        matchId="m1"
        as="coverage"
        token="t"
        seq={12}
        onSeek={() => undefined}
        hovered={card}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Annotate event 12/ }));
    fireEvent.click(screen.getByRole('button', { name: '+ highlight Jilocasin the Creator' }));
    const chip = screen.getByTitle('Remove this highlight');
    expect(chip.textContent).toBe('Jilocasin the Creator ×');
    expect(document.querySelector('.ann-editor')!.textContent).not.toContain('p2-c18');
  });
});
