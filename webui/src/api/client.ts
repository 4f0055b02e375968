import { getCookie } from '../platform/cookies';
import { visitorId } from '../platform/visitor';
import { fetchJSON } from './fetchJSON';

/** What every request carries besides its action and data. */
export interface RequestEnvelope {
  path: string;
  device: string;
  currency: string;
  lang: string;
}

/** A failure as the server reports it: `{statusCode, messages, codes}`, codes being the messages' i18n keys. */
export interface ErrorReply {
  statusCode: number;
  messages: string[];
  codes?: string[];
}

export type RequestResult<T> = { ok: true; data: T } | { ok: false; error: ErrorReply };

export interface RequestClientOptions {
  /** The envelope fields at the time of the call. */
  envelope: () => RequestEnvelope;
  /** Shows an error message (a toast). */
  showError: (message: string) => void;
  /** Translates the client's own messages. */
  translate: (key: string, vars?: Record<string, unknown>) => string;
  /** Called when the token could not be refreshed: log out and ask to log in. */
  onSessionExpired?: () => void;
  endpoint?: string;
}

/** The reply of POST /api/auth/refresh (auth.refresh); the server also sets the cookies. */
interface RefreshReply {
  refresh?: { authToken?: string; authTokenExpiration?: number };
}

/** The cookie holding the auth token's expiry, in seconds since the epoch. */
export const AUTH_EXPIRY_COOKIE = 'authTokenExpiration';

export function isErrorReply(value: unknown): value is ErrorReply {
  return typeof value === 'object' && value !== null && typeof (value as ErrorReply).statusCode === 'number';
}

/**
 * The client of POST /api/request (SPEC §7). `request` shows failures as toasts
 * and yields null; `call` returns them for screens that render them (a 404 page).
 */
export class RequestClient {
  /** Set after a token refresh; sent with every request from then on. */
  authToken: string | null = null;

  private refreshing: Promise<boolean> | null = null;
  private readonly endpoint: string;

  constructor(private readonly options: RequestClientOptions) {
    this.endpoint = options.endpoint ?? '/api/request';
  }

  /** Performs an action; on failure shows each message as an error toast and returns null. */
  async request<T>(action: string, data?: unknown): Promise<T | null> {
    const result = await this.call<T>(action, data);
    if (result.ok) return result.data;
    for (const message of result.error.messages) this.options.showError(message);
    return null;
  }

  /** Performs an action and returns the reply or the error, showing nothing. */
  async call<T>(action: string, data?: unknown): Promise<RequestResult<T>> {
    await this.refreshIfExpired();
    const body = JSON.stringify({
      action,
      data: data ?? {},
      ...this.options.envelope(),
      visitorId: visitorId(),
      ...(this.authToken ? { authToken: this.authToken } : {}),
    });
    try {
      const response = await fetchJSON<unknown>(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body,
      });
      if (isErrorReply(response.body)) {
        const error = normalize(response.body);
        return { ok: false, error: error.messages.length ? error : this.statusError(error.statusCode) };
      }
      if (!response.ok || response.body === null) {
        return { ok: false, error: this.statusError(response.status) };
      }
      return { ok: true, data: response.body as T };
    } catch (error) {
      return { ok: false, error: this.thrownError(error) };
    }
  }

  /** Refreshes the token once when its expiry has passed; concurrent callers wait for the same refresh. */
  refreshIfExpired(now = Date.now()): Promise<boolean> {
    if (this.refreshing) return this.refreshing;
    const expiry = Number(getCookie(AUTH_EXPIRY_COOKIE));
    if (!expiry || now < expiry * 1000) return Promise.resolve(true);
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<boolean> {
    try {
      const response = await fetchJSON<RefreshReply | ErrorReply>('/api/auth/refresh', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
      if (response.ok && response.body && !isErrorReply(response.body)) {
        const token = response.body.refresh?.authToken;
        if (token) this.authToken = token;
        return true;
      }
      const error = isErrorReply(response.body) ? normalize(response.body) : this.statusError(response.status);
      for (const message of error.messages) this.options.showError(message);
    } catch (error) {
      this.options.showError(this.thrownError(error).messages[0]);
    }
    this.authToken = null;
    this.options.onSessionExpired?.();
    return false;
  }

  private statusError(status: number): ErrorReply {
    const statusCode = status >= 400 ? status : 500;
    return { statusCode, messages: [this.options.translate('common.error.status', { status: statusCode })] };
  }

  private thrownError(error: unknown): ErrorReply {
    const message = error instanceof Error && error.message ? error.message : '';
    return { statusCode: 0, messages: [message || this.options.translate('common.error.network')] };
  }
}

function normalize(reply: ErrorReply): ErrorReply {
  const messages = Array.isArray(reply.messages) ? reply.messages.filter((m) => typeof m === 'string') : [];
  const codes = Array.isArray(reply.codes) ? reply.codes.filter((c) => typeof c === 'string') : [];
  return { statusCode: reply.statusCode, messages, codes };
}
