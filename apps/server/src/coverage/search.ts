// Search within annotations across matches, for highlight reels: by tag, author (id or name), quality and text.
import { z } from 'zod';
import type { Annotation } from './schema';
import { QualitySchema, TagSchema } from './schema';

export const SearchQuery = z
  .object({
    tag: z.union([TagSchema, z.array(TagSchema).max(8)]).optional(),
    author: z.string().min(1).max(64).optional(),
    text: z.string().min(1).max(200).optional(),
    quality: QualitySchema.optional(),
    game: z.string().min(1).max(64).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    token: z.string().optional(),
  })
  .strict()
  .refine(
    (q) => q.tag !== undefined || q.author !== undefined || q.text !== undefined || q.quality !== undefined,
    'give at least one of tag, author, text, quality',
  );
export type SearchQuery = z.infer<typeof SearchQuery>;

/** Whether an annotation answers the query: every tag given, the author by token id or name, words of text. */
export function matchesQuery(
  a: Annotation,
  q: Pick<SearchQuery, 'tag' | 'author' | 'text' | 'quality'>,
): boolean {
  const tags = q.tag === undefined ? [] : Array.isArray(q.tag) ? q.tag : [q.tag];
  if (!tags.every((t) => a.tags.includes(t))) return false;
  if (q.quality !== undefined && a.quality !== q.quality) return false;
  if (
    q.author !== undefined &&
    a.author.id !== q.author &&
    a.author.name.toLowerCase() !== q.author.toLowerCase()
  )
    return false;
  if (q.text !== undefined) {
    const hay = `${a.text}\n${a.chapter ?? ''}`.toLowerCase();
    if (
      !q.text
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .every((w) => hay.includes(w))
    )
      return false;
  }
  return true;
}
