// The spectator site. Packages export TypeScript source (no build step), so Next compiles them itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Security headers on every page and proxied /api answer. The pages' CSP carries a per-request nonce and is set
// by proxy.ts; the route handlers (/api/*, /live: JSON and SSE, no documents) get a CSP that allows nothing.
const routeHandlerCsp = "default-src 'none'; frame-ancestors 'none'";
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Judge and seat links may carry ?token=: never send the URL to another site.
  { key: 'Referrer-Policy', value: 'no-referrer' },
];
// Every page refuses frames but /embed (the replay player for articles: its CSP frame-ancestors says who may frame it).
const noFrames = [{ key: 'X-Frame-Options', value: 'DENY' }];

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
    // For its coverage contract, the one server module the site imports values from (it imports only zod).
    '@matchtape/server',
  ],
  // Workspaces hoist node_modules to the repository root.
  turbopack: { root },
  outputFileTracingRoot: root,
  poweredByHeader: false,
  async headers() {
    const csp = [{ key: 'Content-Security-Policy', value: routeHandlerCsp }];
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: '/((?!embed$|embed/).*)', headers: noFrames },
      { source: '/api/:path*', headers: csp },
      { source: '/live', headers: csp },
    ];
  },
  // /api is proxied at request time by app/api/[...path]/route.ts (not a rewrite: rewrites are frozen into the
  // build, and the server's port is chosen when the site starts).
};

export default config;
