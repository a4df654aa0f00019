// oEmbed's pure parts: the player's size, which URLs are match links of this site, and the site's origin.
import { describe, expect, it } from 'vitest';
import { embedSize, parseMatchUrl, siteOrigins } from './oembed';

describe('oEmbed', () => {
  it('sizes the player 16:10 within maxwidth and maxheight', () => {
    expect(embedSize()).toEqual({ width: 800, height: 500 });
    expect(embedSize(400)).toEqual({ width: 400, height: 250 });
    expect(embedSize(2000, 300)).toEqual({ width: 480, height: 300 });
  });

  it('reads match and embed links of the site, and nothing else', () => {
    const site = ['https://mt.example'];
    expect(parseMatchUrl('https://mt.example/matches/m%201?seq=12&as=judge', site)).toEqual({
      origin: 'https://mt.example',
      matchId: 'm 1',
      seq: 12,
    });
    expect(parseMatchUrl('https://mt.example/embed/abc', site)).toEqual({
      origin: 'https://mt.example',
      matchId: 'abc',
      seq: null,
    });
    expect(parseMatchUrl('https://mt.example/matches/abc?seq=-3', site)).toMatchObject({ seq: null });
    expect(parseMatchUrl('https://evil.example/matches/abc', site)).toHaveProperty('problem');
    expect(parseMatchUrl('https://mt.example/matches/abc/review', site)).toHaveProperty('problem');
    expect(parseMatchUrl('not a url', site)).toHaveProperty('problem');
  });

  it('takes the site origin from configuration, else from the forwarded host the site’s proxy sets', () => {
    expect(
      siteOrigins({ headers: { host: '127.0.0.1:4000' } }, 'https://a.example/, https://b.example'),
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(
      siteOrigins(
        {
          headers: { host: '127.0.0.1:4000', 'x-forwarded-host': 'mt.example', 'x-forwarded-proto': 'https' },
        },
        '',
      ),
    ).toEqual(['https://mt.example']);
    expect(siteOrigins({ headers: { host: '127.0.0.1:4000' } }, undefined)).toEqual([
      'http://127.0.0.1:4000',
    ]);
  });
});
