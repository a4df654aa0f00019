// An escaping template for the few HTML pages the server writes itself (the case file): every interpolated value
// is escaped unless it is already markup made by `html`, so forgetting to escape cannot happen.
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlPart = Html | string | number | boolean | null | undefined | readonly HtmlPart[];

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

function render(v: HtmlPart): string {
  if (v instanceof Html) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  if (v === null || v === undefined || v === false) return '';
  return escapeHtml(String(v));
}

/** html`<b>${text}</b>`: text escaped, nested html`` kept, arrays joined, null/undefined/false left out. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlPart[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => (out += render(v) + strings[i + 1]!));
  return new Html(out);
}
