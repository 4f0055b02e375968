import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import zhHans from '../i18n/locales/zh-hans.json';
import type { Lang } from '../i18n/languages';
import { RootStore } from '../stores/RootStore';
// Every lazy store's module (stores/lazyStores.ts), so that a test reads root.coupons and the others at
// once; the app loads each with the screens that read it.
import '../stores/ChatStore';
import '../stores/ConversationsStore';
import '../stores/DraftsStore';
import '../stores/GrowthStore';
import '../stores/LedgerStore';
import '../stores/LoginBoxStore';
import '../stores/MediaStore';
import '../stores/MembershipsStore';
import '../stores/MessagesStore';
import '../stores/ReportDialogStore';
import '../stores/ReportsStore';
import '../stores/TopUpStore';
import '../stores/UploadStore';
import '../stores/account/AddressesStore';
import '../stores/account/CouponsStore';
import '../stores/account/TicketsStore';
import '../stores/shop/CheckoutStore';
import '../stores/shop/OrdersStore';

export const allMessages = { 'zh-hans': zhHans, en, es };

/** A RootStore with every message file loaded and nothing started. */
export function createTestRoot(lang: Lang = 'en', buildId = 'test-build'): RootStore {
  return new RootStore({ lang, buildId, messages: allMessages, loadMessages: async (l) => allMessages[l] });
}

export interface FetchCall {
  url: string;
  init: RequestInit;
  body: Record<string, unknown> | null;
}

type Responder = (call: FetchCall) => Response | Promise<Response>;

/** Stubs global fetch with a responder and records the calls. */
export function mockFetch(responder: Responder): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      const call = { url: String(input), init, body };
      calls.push(call);
      return responder(call);
    }),
  );
  return calls;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers /api/request by action, with a guest viewer and empty settings by default. */
export function apiResponder(replies: Record<string, (data: Record<string, unknown>) => Response>): Responder {
  return (call) => {
    if (call.url.startsWith('/api/request') && call.body) {
      const action = String(call.body.action);
      const reply = replies[action];
      if (reply) return reply((call.body.data ?? {}) as Record<string, unknown>);
      if (action === 'utils.getSettings') return json({ settings: {} });
      if (action === 'auth.viewer') return json({ viewer: null });
      return json({ statusCode: 404, messages: [`Unknown action: ${action}`] }, 404);
    }
    if (call.url.startsWith('/builds/latest.json')) return json({ id: 'test-build', timestamp: 1 });
    return new Response('not found', { status: 404 });
  };
}
