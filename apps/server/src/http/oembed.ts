// oEmbed (https://oembed.com, type "rich"): a link to a match (`/matches/ID?seq=N`) or an embed (`/embed/ID?seq=N`)
// unfurls into the site's light replay player in an iframe. Public view only: the embed follows the public feed
// (the match's spectator delay), and a match the public cannot see at all (a sealed fork) is "no such match" here
// as everywhere. The site's origin is the one the request came through (the site's /api proxy sets
// X-Forwarded-Host / -Proto), or one of MATCHTAPE_SITE_ORIGINS: a URL of another site is not ours to describe.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from './context';
import { HostError } from '../host/engine-host';
import { route } from './route';
import { ErrorBody } from './schemas';

const Dimension = z.coerce.number().int().min(120).max(4000);
export const OembedQuery = z
  .object({
    url: z.string().min(1).max(2000),
    maxwidth: Dimension.optional(),
    maxheight: Dimension.optional(),
    format: z.enum(['json', 'xml']).default('json'),
  })
  .strict();

export const OembedBody = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  html: z.string(),
  width: z.number(),
  height: z.number(),
});

/** The player's size: 800×500 (16:10), shrunk to fit maxwidth / maxheight keeping its shape. */
export function embedSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  let width = Math.min(800, maxwidth ?? 800);
  let height = Math.round((width * 10) / 16);
  if (maxheight !== undefined && height > maxheight) {
    height = maxheight;
    width = Math.round((height * 16) / 10);
  }
  return { width, height };
}

const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The site origins this server answers for: configured, else the one the request came through. */
export function siteOrigins(
  req: Pick<FastifyRequest, 'headers'>,
  configured = process.env.MATCHTAPE_SITE_ORIGINS,
): string[] {
  if (configured && configured.trim())
    return configured
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean);
  const first = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h)?.split(',')[0]?.trim();
  const host = first(req.headers['x-forwarded-host']) ?? first(req.headers.host);
  const proto = first(req.headers['x-forwarded-proto']) ?? 'http';
  return host ? [`${proto}://${host}`] : [];
}

/** The match and moment a site URL points at, or why it is not one of ours. */
export function parseMatchUrl(
  raw: string,
  origins: readonly string[],
): { origin: string; matchId: string; seq: number | null } | { problem: string } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return {
      problem: `url "${raw.slice(0, 100)}" is not an absolute URL; pass a match link such as https://<site>/matches/<id>?seq=12`,
    };
  }
  if (!origins.includes(u.origin))
    return {
      problem: `url is not on this site (${origins.join(', ') || 'unknown origin'}); pass a link to one of its matches`,
    };
  const m = /^\/(?:matches|embed)\/([^/]+)\/?$/.exec(u.pathname);
  if (!m) return { problem: 'url is not a match link: expected /matches/<id> or /embed/<id>' };
  const seq = u.searchParams.get('seq');
  return {
    origin: u.origin,
    matchId: decodeURIComponent(m[1]!),
    seq: seq !== null && /^\d{1,9}$/.test(seq) ? Number(seq) : null,
  };
}

export const oembedRoutes: RouteModule = (ctx) => [
  route({
    method: 'GET',
    path: '/api/oembed',
    summary: 'oEmbed (type rich) for a match link: an iframe of the public replay player /embed/ID',
    limit: 'reads',
    query: OembedQuery,
    responses: {
      200: { description: 'oEmbed JSON', schema: OembedBody },
      404: { description: 'not a match of this site, or none the public may see', schema: ErrorBody },
      501: { description: 'only format=json is served', schema: ErrorBody },
    },
    async handle({ query, req, reply }) {
      if (query.format !== 'json')
        throw new HostError(
          501,
          'format_not_served',
          'only format=json is served; leave format out or pass format=json',
        );
      const target = parseMatchUrl(query.url, siteOrigins(req));
      if ('problem' in target) throw new HostError(404, 'not_a_match_url', target.problem);
      const rec = await ctx.store.getMatch(target.matchId);
      // A sealed fork is no match at all to the public (fork-secrecy's words, whatever the reason).
      if (!rec || !(await ctx.sight.forks.visibleTo(rec, null)))
        throw new HostError(404, 'match_not_found', `no match ${target.matchId}`);
      const item = await ctx.listItem(rec, null);
      const gameTitle = ctx.games.get(rec.game).title;
      const title = `${item.players.map((p) => p.name).join(' vs ') || rec.matchId} · ${gameTitle}`;
      const src = `${target.origin}/embed/${encodeURIComponent(rec.matchId)}${target.seq !== null ? `?seq=${target.seq}` : ''}`;
      const { width, height } = embedSize(query.maxwidth, query.maxheight);
      const html = `<iframe src="${escapeAttr(src)}" width="${width}" height="${height}" style="border:0" title="${escapeAttr(`${title} · Matchtape replay`)}" loading="lazy" allowfullscreen></iframe>`;
      reply.header('cache-control', 'public, max-age=60');
      return {
        version: '1.0',
        type: 'rich',
        provider_name: 'Matchtape',
        provider_url: target.origin,
        title,
        html,
        width,
        height,
      };
    },
  }),
];
