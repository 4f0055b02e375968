/** Statuses after which a request without a body is tried once more. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export interface FetchJSONResult<T> {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or null when the body was not JSON. */
  body: T | null;
  /** The response's Retry-After header in milliseconds (seconds or an HTTP date), when it has one. */
  retryAfterMs?: number;
}

/** Reads a Retry-After header (delay seconds or an HTTP date) as milliseconds from now. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(at - now, 0);
}

/**
 * fetch with JSON parsing; a request without a body (GET, or a POST with no
 * payload) is retried once on the statuses above. Network errors throw.
 */
export async function fetchJSON<T>(url: string, init: RequestInit = {}): Promise<FetchJSONResult<T>> {
  const retryable = init.body === undefined || init.body === null;
  let response = await fetch(url, init);
  if (retryable && RETRY_STATUSES.has(response.status)) {
    response = await fetch(url, init);
  }
  let body: T | null = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text) as T;
    } catch {
      body = null;
    }
  }
  const retryAfterMs = parseRetryAfter(response.headers?.get('retry-after') ?? null);
  return { status: response.status, ok: response.ok, body, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}
