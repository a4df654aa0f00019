// While `npm start` builds the spectator site (first start on a fresh clone: ≈ 35 s quiet, over a minute on a
// busy machine), this small server holds the site's port so the first visit already shows live boards: the bot
// matches of every game, as the public sees them, from the API's own board model (GET /api/matches/:id/state),
// refreshed every second. It proxies /api/* to the server (same origin: no CORS), says that the full site is
// being built, and the page reloads itself into the real site once start.mjs has swapped it in.
import { createServer } from 'node:http';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Matchtape — live matches (the site is being built)</title>
<link rel="stylesheet" href="/__building.css"></head>
<body><header><strong>Matchtape</strong> <span id="status" role="status">The full site is being built (first start only, about a minute); it opens here by itself. Meanwhile, the live matches:</span></header>
<main id="boards" aria-live="off"><p>Waiting for the first bot matches…</p></main>
<script src="/__building.js"></script></body></html>`;

const CSS = `body{margin:0;font:14px/1.35 system-ui,sans-serif;background:#0f141c;color:#e6ebf2}
header{padding:10px 16px;border-bottom:1px solid #2a3446;display:flex;gap:12px;align-items:baseline;flex-wrap:wrap}
header strong{font-size:18px;color:#3dd6c0}#status{color:#c3ccda}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(420px,1fr));gap:12px;padding:12px 16px}
.match{background:#161d29;border:1px solid #2a3446;border-radius:8px;padding:8px 10px}
.match h2{margin:0 0 4px;font-size:15px}.meta{color:#c3ccda;font-size:12px;margin-bottom:6px}
.banner{color:#ffd27a;margin:4px 0}.player{border-top:1px solid #2a3446;padding:4px 0}
.player b{margin-right:8px}.stat{display:inline-block;margin-right:8px;color:#c3ccda}.stat em{font-style:normal;color:#fff}
.zone{margin:2px 0;font-size:12px}.zone span{color:#c3ccda}.card{display:inline-block;margin:1px 3px 1px 0;padding:0 5px;border:1px solid #3a4660;border-radius:4px;background:#1f2838}
.card.tapped{opacity:.75;font-style:italic}.card.hidden{color:#9aa6b8}`;

const SCRIPT = `'use strict';
const boards = document.getElementById('boards');
const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = String(text); return e; };
function zoneLine(z) {
  const line = el('div', 'zone'); line.append(el('span', '', z.label + ' (' + z.count + '): '));
  if (z.layout === 'pile' && z.cards.length === 0) return line;
  for (const c of z.cards) line.append(c.hidden ? el('span', 'card hidden', 'card') : el('span', 'card' + (c.tapped ? ' tapped' : ''), c.face.name));
  return line;
}
function draw(m, s) {
  const b = s.board; const box = el('section', 'match'); box.setAttribute('aria-label', m.players.map((p) => p.name).join(' vs '));
  box.append(el('h2', '', m.players.map((p) => p.name).join(' vs ')));
  box.append(el('div', 'meta', m.gameTitle + ' · turn ' + b.turn + ' · ' + b.phase + (b.step ? ' · ' + b.step : '') + ' · event ' + s.seq));
  if (b.banner) box.append(el('div', 'banner', b.banner));
  for (const p of b.players) {
    const row = el('div', 'player'); row.append(el('b', '', p.name + (b.activePlayer === p.id ? ' (active)' : '')));
    for (const st of p.stats) { const x = el('span', 'stat', st.label + ' '); x.append(el('em', '', st.value + (st.max ? '/' + st.max : ''))); row.append(x); }
    for (const z of p.zones) if (z.count > 0) row.append(zoneLine(z));
    box.append(row);
  }
  for (const z of b.shared) if (z.count > 0) box.append(zoneLine(z));
  return box;
}
async function get(path) { const r = await fetch(path, { cache: 'no-store' }); if (!r.ok) throw new Error(path + ' ' + r.status); return r.json(); }
let titles = {};
async function tick() {
  try {
    const building = await fetch('/__building', { cache: 'no-store' }).then((r) => r.ok ? r.json() : null).catch(() => null);
    if (!building || !building.building) { const home = await fetch('/', { cache: 'no-store' }).catch(() => null); if (home && home.ok) { location.reload(); return; } }
    if (Object.keys(titles).length === 0) for (const g of (await get('/api/games')).games) titles[g.id] = g.title || g.id;
    const { matches } = await get('/api/matches?limit=50');
    const live = []; const seen = new Set();
    for (const m of matches) if (m.status !== 'ended' && !seen.has(m.game)) { seen.add(m.game); live.push(m); }
    const drawn = [];
    for (const m of live) { try { drawn.push(draw({ ...m, gameTitle: titles[m.game] || m.game }, await get('/api/matches/' + encodeURIComponent(m.matchId) + '/state'))); } catch (e) { /* the next tick tries again */ } }
    if (drawn.length > 0) boards.replaceChildren(...drawn);
  } catch (e) { /* the server is starting: the next tick tries again */ }
  setTimeout(tick, 1000);
}
tick();`;

/** Serves the page on `port` until close(); /api/* goes to `api`. */
export function serveBuildingPage(port, api) {
  const server = createServer(async (req, res) => {
    const url = req.url ?? '/';
    const send = (status, type, body) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
      });
      res.end(body);
    };
    if (url === '/__building') return send(200, 'application/json', JSON.stringify({ building: true }));
    if (url === '/__building.js') return send(200, 'text/javascript; charset=utf-8', SCRIPT);
    if (url === '/__building.css') return send(200, 'text/css; charset=utf-8', CSS);
    if (url.startsWith('/api/') && req.method === 'GET') {
      try {
        const r = await fetch(api + url);
        return send(
          r.status,
          r.headers.get('content-type') ?? 'application/json',
          Buffer.from(await r.arrayBuffer()),
        );
      } catch {
        return send(
          502,
          'application/json',
          JSON.stringify({
            error: 'server_starting',
            message: 'the API server is starting; try again in a moment',
          }),
        );
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(
        405,
        'application/json',
        JSON.stringify({
          error: 'building',
          message: 'the site is being built; only reads are served meanwhile',
        }),
      );
    return send(200, 'text/html; charset=utf-8', PAGE);
  });
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, () =>
      resolveListen({
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      }),
    );
  });
}
