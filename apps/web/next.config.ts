// The spectator site. Packages export TypeScript source (no build step), so Next compiles them itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Security headers on every page and proxied /api answer. The site loads nothing from other origins (the API is
// proxied same-origin, SSE is read with fetch). Next's App Router inlines its bootstrap scripts and React's
// style props, hence 'unsafe-inline' for scripts and styles; development adds eval and the HMR websocket.
const dev = process.env.NODE_ENV === 'development';
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Judge and seat links may carry ?token=: never send the URL to another site.
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

const config: NextConfig = {
  reactStrictMode: true,
  // The browser e2e builds into its own directory, so a `next build` started elsewhere cannot pull the
  // files from under a running test (test/e2e/web-stack.ts).
  distDir: process.env.MATCHTAPE_WEB_DIST_DIR || '.next',
  // Type checking is `npm run typecheck` (tsc -p apps/web, strict, run by CI before any build); the build does
  // not repeat it (≈20 s of the CI budget). Next adds its route types to tsconfig.next.json, not tsconfig.json.
  typescript: { tsconfigPath: 'tsconfig.next.json', ignoreBuildErrors: true },
  transpilePackages: [
    '@matchtape/engine',
    '@matchtape/games',
    '@matchtape/alpha-clash',
    '@matchtape/grand-archive',
    '@matchtape/projections',
  ],
  // Workspaces hoist node_modules to the repository root.
  turbopack: { root },
  outputFileTracingRoot: root,
  poweredByHeader: false,
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
  // /api is proxied at request time by app/api/[...path]/route.ts (not a rewrite: rewrites are frozen into the
  // build, and the server's port is chosen when the site starts).
};

export default config;
