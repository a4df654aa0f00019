// NATS subject matching: `*` matches one token, `>` (last token only) one or more.
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    const tok = p[i]!;
    if (tok === '>') return i === p.length - 1 && s.length > i;
    if (i >= s.length) return false;
    if (tok !== '*' && tok !== s[i]) return false;
  }
  return p.length === s.length;
}

const TOKEN = /^[^\s.*>]+$/;

/** Throws a clear error for a subject a publisher may not use (empty tokens, wildcards, spaces). */
export function checkPublishSubject(subject: string): void {
  if (!subject.split('.').every((t) => TOKEN.test(t))) {
    throw new TypeError(
      `cannot publish to "${subject}": a subject is dot-separated tokens without spaces or wildcards`,
    );
  }
}

/** A message body as JSON text (what publishEncoded takes); throws for a value JSON cannot carry. */
export function encodeBody(subject: string, data: unknown): string {
  const body = JSON.stringify(data);
  if (body === undefined) throw new TypeError(`publish to ${subject}: the message body is not JSON`);
  return body;
}

/** Throws for a malformed subscription pattern (`>` only last, no empty tokens). */
export function checkPattern(pattern: string): void {
  const toks = pattern.split('.');
  const ok = toks.every((t, i) => t === '*' || (t === '>' && i === toks.length - 1) || TOKEN.test(t));
  if (!ok)
    throw new TypeError(
      `cannot subscribe to "${pattern}": use dot-separated tokens, * for one token, > as the last token`,
    );
}
