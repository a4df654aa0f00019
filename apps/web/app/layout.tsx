import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Matchtape',
  description: 'Live and replayed trading card game matches, event by event.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0d121c' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip" href="#content">
          Skip to content
        </a>
        <nav className="topbar" aria-label="Site">
          <Link href="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              ▮▮
            </span>
            Matchtape
          </Link>
        </nav>
        <div id="content">{children}</div>
      </body>
    </html>
  );
}
