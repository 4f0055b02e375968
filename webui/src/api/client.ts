import { getCookie } from '../platform/cookies';
import { visitorId } from '../platform/visitor';
import { fetchJSON } from './fetchJSON';
import type { Actions } from './wire.gen';

export type { Actions, ActionName } from './wire.gen';

/** The input (`data`) of an action, generated from the server's registry. */
export type ActionInput<K extends keyof Actions> = Actions[K]['input'];
/** The reply of an action, generated from the server's registry. */
export type ActionOutput<K extends keyof Actions> = Actions[K]['output'];

/** An action's data argument: optional when its input has no required field. */
type ActionData<K extends keyof Actions> = {} extends ActionInput<K> ? [data?: ActionInput<K>] : [data: ActionInput<K>];

/**
 * An action name for the untyped forms of `request` and `call`: a registered action only when the
 * caller names the reply's type (`request<Reply>('auth.viewer')`); without one, the typed form applies.
 */
type UntypedAction<A extends string> = A extends keyof Actions ? never : A;

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
  /** How long to wait before sending the same request again (the body's retryAfterMs or the Retry-After header). */
  retryAfterMs?: number;
  /** The input the refusal is about, as a JSON path (`value[2].names.es`), when the server names one. */
  field?: string;
}

/** The wait before retrying when a failure says nothing: about how long a node takes to see its database again. */
export const DEFAULT_RETRY_MS = 1_000;

/**
 * Whether a failure is the server's or the network's, not the caller's: nothing was refused, the
 * same request may succeed later (5xx, or fetch threw). A member stays signed in through it.
 */
export function isUnavailable(error: ErrorReply): boolean {
  return error.statusCode === 0 || error.statusCode >= 500;
}

/**
 * The wait before retry `attempt` (0 for the first) after `error`: the server's hint when it gave
 * one, doubling from it up to 30 s on repeated failures.
 */
export function retryDelayMs(error: ErrorReply, attempt = 0): number {
  const base = error.retryAfterMs && error.retryAfterMs > 0 ? error.retryAfterMs : DEFAULT_RETRY_MS;
  return Math.min(base * 2 ** Math.min(attempt, 10), 30_000);
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

/** Options of a GET outside the action endpoint. */
export interface GetOptions {
  cache?: RequestCache;
  /** Refresh an expired token first (the default); logging out has no use for a fresh one. */
  refresh?: boolean;
}

/**
 * The client of POST /api/request (SPEC §7) and of the few endpoints beside it (logout, dial
 * codes, the build id). `request` shows failures as toasts and yields null; `call` and `get`
 * return them for screens that render them (a 404 page) or ignore them (the build poll).
 * `request` and `call` are typed by the registry's generated wire types (`wire.gen.ts`,
 * `make types`): `request('utils.levelTips')` yields the server's reply type. The forms that take
 * the reply's type as a type argument remain for callers not yet converted.
 */
export class RequestClient {
  /** Set after a token refresh; sent with every request from then on. */
  authToken: string | null = null;
  /**
   * Set when the last refresh failed because the server could not answer (5xx, network): the
   * session may well be alive, so the member stays signed in and the refresh is tried again
   * after this failure's wait ({@link retryDelayMs}). Null after a refresh that succeeded or was refused.
   */
  refreshUnavailable: ErrorReply | null = null;

  private refreshing: Promise<boolean> | null = null;
  private readonly endpoint: string;

  constructor(private readonly options: RequestClientOptions) {
    this.endpoint = options.endpoint ?? '/api/request';
  }

  /**
   * A client whose requests carry `overrides` in their envelope (the builder's preview reads lists
   * in its own language and currency); it starts with this client's token.
   */
  withEnvelope(overrides: Partial<RequestEnvelope>): RequestClient {
    const derived = new RequestClient({ ...this.options, envelope: () => ({ ...this.options.envelope(), ...overrides }) });
    derived.authToken = this.authToken;
    return derived;
  }

  /** Performs an action; on failure shows each message as an error toast and returns null. */
  request<K extends keyof Actions>(action: K, ...data: ActionData<K>): Promise<ActionOutput<K> | null>;
  request<T, A extends string = string>(action: UntypedAction<A>, data?: unknown): Promise<T | null>;
  async request(action: string, data?: unknown): Promise<unknown> {
    const result = await this.call<unknown>(action, data);
    if (result.ok) return result.data;
    this.showError(result.error);
    return null;
  }

  /** Shows each message of a failure as an error toast. */
  showError(error: ErrorReply) {
    for (const message of error.messages) this.options.showError(message);
  }

  /** Performs an action and returns the reply or the error, showing nothing. */
  call<K extends keyof Actions>(action: K, ...data: ActionData<K>): Promise<RequestResult<ActionOutput<K>>>;
  call<T, A extends string = string>(action: UntypedAction<A>, data?: unknown): Promise<RequestResult<T>>;
  async call(action: string, data?: unknown): Promise<RequestResult<unknown>> {
    await this.refreshIfExpired();
    const body = JSON.stringify({
      action,
      data: data ?? {},
      ...this.options.envelope(),
      visitorId: visitorId(),
      ...(this.authToken ? { authToken: this.authToken } : {}),
    });
    return this.fetch<unknown>(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body,
    });
  }

  /** GETs a JSON resource beside the action endpoint, with the same token refresh and error replies as `call`. */
  async get<T>(url: string, options: GetOptions = {}): Promise<RequestResult<T>> {
    if (options.refresh !== false) await this.refreshIfExpired();
    return this.fetch<T>(url, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      ...(options.cache ? { cache: options.cache } : {}),
    });
  }

  /**
   * POSTs to an endpoint beside the action endpoint that changes state (logout). The browser adds
   * the page's Origin, which the server checks against the site's own.
   */
  async post<T>(url: string, options: Pick<GetOptions, 'refresh'> = {}): Promise<RequestResult<T>> {
    if (options.refresh !== false) await this.refreshIfExpired();
    return this.fetch<T>(url, {
      method: 'POST',
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  }

  private async fetch<T>(url: string, init: RequestInit): Promise<RequestResult<T>> {
    try {
      const response = await fetchJSON<unknown>(url, init);
      if (isErrorReply(response.body)) {
        const error = normalize(response.body, response.retryAfterMs);
        return { ok: false, error: error.messages.length ? error : { ...this.statusError(error.statusCode), ...retryOf(error) } };
      }
      if (!response.ok || response.body === null) {
        return { ok: false, error: { ...this.statusError(response.status), ...retryOf(response) } };
      }
      return { ok: true, data: response.body as T };
    } catch {
      return { ok: false, error: this.networkError() };
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

  /**
   * Exchanges the refresh token. Refused (401, a session that ended): the member is signed out.
   * The server or the network unable to answer: the member stays signed in and
   * `refreshUnavailable` says when to try again.
   */
  private async refresh(): Promise<boolean> {
    let error: ErrorReply;
    try {
      const response = await fetchJSON<RefreshReply | ErrorReply>('/api/auth/refresh', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
      if (response.ok && response.body && !isErrorReply(response.body)) {
        const token = response.body.refresh?.authToken;
        if (token) this.authToken = token;
        this.refreshUnavailable = null;
        return true;
      }
      error = isErrorReply(response.body)
        ? normalize(response.body, response.retryAfterMs)
        : { ...this.statusError(response.status), ...retryOf(response) };
    } catch {
      error = this.networkError();
    }
    if (isUnavailable(error)) {
      this.refreshUnavailable = error;
      return false;
    }
    this.refreshUnavailable = null;
    this.showError(error);
    this.authToken = null;
    this.options.onSessionExpired?.();
    return false;
  }

  private statusError(status: number): ErrorReply {
    const statusCode = status >= 400 ? status : 500;
    return { statusCode, messages: [this.options.translate('common.error.status', { status: statusCode })] };
  }

  /** fetch threw: the browser's own words ("Failed to fetch") are English and say nothing useful, so they are not shown. */
  private networkError(): ErrorReply {
    return { statusCode: 0, messages: [this.options.translate('common.error.network')] };
  }
}

/** The error reply's own fields, with the Retry-After header's wait when the body gives none. */
function normalize(reply: ErrorReply, headerRetryMs?: number): ErrorReply {
  const messages = Array.isArray(reply.messages) ? reply.messages.filter((m) => typeof m === 'string') : [];
  const codes = Array.isArray(reply.codes) ? reply.codes.filter((c) => typeof c === 'string') : [];
  const retryAfterMs = typeof reply.retryAfterMs === 'number' && reply.retryAfterMs > 0 ? reply.retryAfterMs : headerRetryMs;
  const field = typeof reply.field === 'string' && reply.field ? { field: reply.field } : {};
  return { statusCode: reply.statusCode, messages, codes, ...(retryAfterMs === undefined ? {} : { retryAfterMs }), ...field };
}

/** The retry hint of a reply, as fields to spread into an ErrorReply. */
function retryOf(reply: { retryAfterMs?: number }): Pick<ErrorReply, 'retryAfterMs'> {
  return reply.retryAfterMs === undefined ? {} : { retryAfterMs: reply.retryAfterMs };
}
