/** Serves the live-matches page on `port` while the site builds; /api/* goes to `api` (see building-page.mjs). */
export function serveBuildingPage(port: number, api: string): Promise<{ close(): Promise<void> }>;
