// Inline SVG icons: no icon font and no emoji, so they render the same on every system (and offline).
const PATHS = {
  first: 'M6 5h2v14H6zM20 5v14L9 12z',
  prevTurn: 'M11 5v14L2 12zM22 5v14l-9-7z',
  prev: 'M16 5v14L6 12z',
  play: 'M7 4v16l13-8z',
  pause: 'M6 5h4v14H6zM14 5h4v14h-4z',
  next: 'M8 5v14l10-7z',
  nextTurn: 'M2 5v14l9-7zM13 5v14l9-7z',
  last: 'M16 5h2v14h-2zM4 5v14l11-7z',
  lock: 'M7 10V8a5 5 0 0 1 10 0v2h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V8a3 3 0 0 0-6 0z',
  link: 'M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zM8 18a4 4 0 0 1-2.8-6.8l2.1-2.1 1.4 1.4-2.1 2.1a2 2 0 0 0 2.8 2.8l2.1-2.1 1.4 1.4-2.1 2.1A4 4 0 0 1 8 18zm8.7-3.1-1.4-1.4 2.1-2.1a2 2 0 0 0-2.8-2.8l-2.1 2.1-1.4-1.4 2.1-2.1a4 4 0 0 1 5.6 5.6z',
  key: 'M14 3a7 7 0 0 0-6.7 9.1L2 17.4V22h4.6l.9-.9V19h2.1l.9-.9V16h2.1l1.3-1.3A7 7 0 1 0 14 3zm2.5 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z',
  sound:
    'M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z',
  mute: 'M3 9v6h4l5 5V4L7 9zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 14 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
      className="svg-icon"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
