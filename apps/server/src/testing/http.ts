// Test fixture: one HTTP call to a running server, as the API tests and the integration tests make it. A body is
// sent as JSON (or `raw`, to send malformed text); the answer comes back parsed where it is JSON.
export interface ApiInit {
  method?: string;
  body?: unknown;
  token?: string;
  /** Sent as the body instead of `body`'s JSON (malformed JSON, oversized bodies). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface ApiResult {
  status: number;
  headers: Headers;
  // A test reads whatever the route answered; the route's own schema is tested elsewhere.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}

/** `path` on the server at `base`; a POST when there is a body, else a GET. `json` is null when not JSON. */
export async function api(base: string, path: string, init: ApiInit = {}): Promise<ApiResult> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const hasBody = init.body !== undefined || init.raw !== undefined;
  if (hasBody && !headers['content-type']) headers['content-type'] = 'application/json';
  const method = init.method ?? (hasBody ? 'POST' : 'GET');
  const send = () =>
    fetch(base + path, {
      method,
      headers,
      ...(hasBody ? { body: init.raw ?? JSON.stringify(init.body) } : {}),
    });
  let res: Response;
  try {
    res = await send();
  } catch (err) {
    // A keep-alive socket the server closed just as it was reused: a GET is safe to send again.
    if (method !== 'GET') throw err;
    res = await send();
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}
