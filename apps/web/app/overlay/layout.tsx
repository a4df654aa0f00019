import type { ReactNode } from 'react';
import '../../src/components/overlay/overlay.css';

// Overlays are OBS browser sources: 1920×1080, transparent, nothing but the overlay (the site's top bar and
// skip link are hidden, the page background is cleared).
export default function OverlayLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <style>
        {
          'html,body{background:transparent !important;overflow:hidden} .topbar,.skip{display:none !important}'
        }
      </style>
      {children}
    </>
  );
}
