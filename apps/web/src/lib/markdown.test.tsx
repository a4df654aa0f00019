// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './markdown';

describe('annotation Markdown', () => {
  it('renders emphasis, code, lists and http links', () => {
    const { container } = render(
      <Markdown text={'**Lethal** with *one* `Bolt`\n\n- swing\n- [VOD](https://example.com/v)'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Lethal');
    expect(container.querySelector('em')?.textContent).toBe('one');
    expect(container.querySelector('code')?.textContent).toBe('Bolt');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/v');
  });

  it('never injects markup: HTML is text, javascript: links are not links', () => {
    const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script> [x](javascript:alert(3))';
    const { container } = render(<Markdown text={evil} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('<script>alert(2)</script>');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
  });
});
