import type { ReactNode } from 'react';
import '../../src/components/embed/embed.css';

// The embeddable replay player (articles, VOD pages): no site chrome, the site's top bar and skip link are hidden.
// Only this path may be framed by other sites (proxy.ts frame-ancestors; next.config.ts sends no X-Frame-Options here).
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <style>{'.topbar,.skip{display:none !important}'}</style>
      {children}
    </>
  );
}
