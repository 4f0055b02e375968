/** Statuses after which a request without a body is tried once more. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export interface FetchJSONResult<T> {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or null when the body was not JSON. */
  body: T | null;
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
  return { status: response.status, ok: response.ok, body };
}
