import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Matchtape',
  description: 'Live and replayed trading card game matches, event by event.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0d121c' };

// Every page renders per request: Next puts proxy.ts's per-request CSP nonce on its scripts only while rendering,
// so a page prerendered at build time would have scripts the CSP blocks.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>
        <a className="skip" href="#content">
          Skip to content
        </a>
        <nav className="topbar" aria-label="Site">
          <Link href="/" className="brand" prefetch={false}>
            <span className="brand-mark" aria-hidden="true">
              ▮▮
            </span>
            Matchtape
          </Link>
          <Link href="/desk" className="topbar-link" prefetch={false}>
            Desk
          </Link>
        </nav>
        <div id="content">{children}</div>
      </body>
    </html>
  );
}
