'use client';
// Search within annotations across matches (by tag, author, quality, text), for the team's highlight reels.
// Needs a coverage or judge token; each hit links to its moment in the match.
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { AnnotationSchema, QUALITY_GLYPHS, TAGS } from '../../lib/annotations';
import { Markdown } from '../../lib/markdown';
import { loadToken, pastedToken, saveToken } from '../../lib/viewer';
import './coverage.css';

const ResultsSchema = z.object({ results: z.array(AnnotationSchema.extend({ game: z.string() })) });
type Hit = z.infer<typeof ResultsSchema>['results'][number];

export function AnnotationSearch() {
  const [token, setToken] = useState('');
  const [tag, setTag] = useState('');
  const [author, setAuthor] = useState('');
  const [text, setText] = useState('');
  const [quality, setQuality] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setToken(loadToken(sessionStorage, '') ?? ''), []);

  const search = async () => {
    setProblem(null);
    const q = new URLSearchParams();
    if (tag) q.set('tag', tag);
    if (author.trim()) q.set('author', author.trim());
    if (text.trim()) q.set('text', text.trim());
    if (quality) q.set('quality', quality);
    const res = await fetch(`/api/annotations/search?${q}`, {
      headers: token ? { authorization: `Bearer ${token.trim()}` } : {},
      cache: 'no-store',
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      setHits(null);
      setProblem((body as { message?: string } | null)?.message ?? `search failed (${res.status})`);
      return;
    }
    if (token.trim()) saveToken(sessionStorage, '', token.trim());
    setHits(ResultsSchema.parse(body).results);
  };

  return (
    <main className="page ann-search">
      <h1>Annotation search</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <label>
          Coverage token
          <input
            type="password"
            value={token}
            onChange={(e) => setToken(pastedToken(e.target.value))}
            placeholder="mt1.…"
          />
        </label>
        <label>
          Tag
          <select value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">any</option>
            {TAGS.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Quality
          <select value={quality} onChange={(e) => setQuality(e.target.value)}>
            <option value="">any</option>
            {Object.entries(QUALITY_GLYPHS).map(([q, g]) => (
              <option key={q} value={q}>
                {g} {q}
              </option>
            ))}
          </select>
        </label>
        <label>
          Author
          <input value={author} onChange={(e) => setAuthor(e.target.value)} placeholder="name" />
        </label>
        <label>
          Text
          <input value={text} onChange={(e) => setText(e.target.value)} placeholder="words" />
        </label>
        <button className="btn primary" type="submit">
          Search
        </button>
      </form>
      {problem && (
        <p className="ann-problem" role="alert">
          {problem}
        </p>
      )}
      {hits && (
        <ol className="ann-list" aria-label={`${hits.length} results`}>
          {hits.length === 0 && <li className="muted">Nothing found.</li>}
          {hits.map((h) => (
            <li key={`${h.matchId}/${h.annotationId}`} className="ann-item">
              <Link href={`/matches/${encodeURIComponent(h.matchId)}?seq=${h.seq.to}&as=coverage`}>
                {h.matchId} #{h.seq.to}
              </Link>{' '}
              <span className="muted">{h.game}</span>{' '}
              {h.glyph && <span className={`ann-glyph ann-q-${h.quality}`}>{h.glyph}</span>}
              <span className="ann-author">{h.author.name}</span>
              {h.chapter && <span className="ann-chapter">§ {h.chapter}</span>}
              <div className="ann-text">
                <Markdown text={h.text} />
              </div>
              <div className="ann-item-tags">
                {h.tags.map((t) => (
                  <span key={t} className="tag">
                    {t}
                  </span>
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
