// @vitest-environment jsdom
// The annotation editor names the card it highlights (issue 26: the chip read "card p2-c18" beside the button
// "+ highlight Jilocasin the Creator"): the chip carries the card's name, never its instance id. And the README's
// annotation steps name the "Your name" field that saving requires (they left it out, so Ctrl+Enter seemed broken).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it("saving without a name is refused and says so; the README's annotation steps name that field", () => {
    window.localStorage.clear();
    render(
      <AnnotationPanel
        cov={cov}
        matchId="m1"
        as="coverage"
        token="t"
        seq={12}
        onSeek={() => undefined}
        hovered={null}
      />,
    );
    fireEvent.keyDown(window, { key: 'a' });
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveProperty('value', '');
    const text = screen.getByRole('textbox', { name: 'Text (Markdown)' });
    fireEvent.change(text, { target: { value: 'A lethal swing' } });
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    expect(screen.getByRole('alert').textContent).toBe('Type your name first: it labels your layer.');
    // The README's step 3 (annotate live) names the same field, before Ctrl+Enter (vitest runs in apps/web).
    const readme = readFileSync(join(process.cwd(), '../../README.md'), 'utf8');
    const step = /^3\. \*\*Annotate live\.\*\*[\s\S]*?(?=^\d+\. \*\*)/m.exec(readme)?.[0] ?? '';
    const flat = step.replace(/\s+/g, ' ');
    expect(flat).toMatch(/\*\*Your name\*\*.*\*\*Ctrl\+Enter\*\* saves/);
  });
});
