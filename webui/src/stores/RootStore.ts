import { observable, runInAction } from 'mobx';
import { RequestClient } from '../api/client';
import { createI18n, type I18n } from '../i18n';
import { HTML_LANG, type Lang } from '../i18n/languages';
import { loadMessages, type Messages } from '../i18n/messages';
import type { LoginAction } from '../utils/loginValidation';
import { AudioStore } from './AudioStore';
import { AuthStore } from './AuthStore';
import { BuildStore } from './BuildStore';
import { ColorModeStore } from './ColorModeStore';
import { ContentStore } from './ContentStore';
import { CommunityStore } from './CommunityStore';
import { DialCodesStore } from './DialCodesStore';
import { FollowsStore } from './FollowsStore';
import { InboxStore } from './InboxStore';
import { LevelTipsStore } from './LevelTipsStore';
import { LocaleStore } from './LocaleStore';
import { NotificationsStore } from './NotificationsStore';
import { PagesStore } from './PagesStore';
import { RealtimeStore } from './RealtimeStore';
import { SearchStore } from './SearchStore';
import { SettingsStore } from './SettingsStore';
import { ShopStore } from './shop/ShopStore';
import { ToastsStore } from './ToastsStore';
import { UiStore } from './UiStore';
import { WalletStore } from './WalletStore';
import { LAZY_STORE_MODULES, storeFactory, type LazyStoreName, type LazyStores } from './lazyStores';

export interface RootStoreOptions {
  lang: Lang;
  /** The id of the running build (from index.html); empty in tests. */
  buildId?: string;
  /** Messages already loaded, by language (tests pass them all). */
  messages?: Partial<Record<Lang, Messages>>;
  /** Loads the messages of a language that is not loaded yet. */
  loadMessages?: (lang: Lang) => Promise<Messages>;
}

/** Builds the stores of the client with a back-reference to itself: those of the first load at once, the others on first use (lazyStores.ts). */
export class RootStore {
  readonly i18n: I18n;
  readonly client: RequestClient;
  readonly toasts: ToastsStore;
  readonly ui: UiStore;
  readonly colorMode: ColorModeStore;
  readonly locale: LocaleStore;
  readonly settings: SettingsStore;
  readonly auth: AuthStore;
  readonly dialCodes: DialCodesStore;
  readonly levelTips: LevelTipsStore;
  readonly pages: PagesStore;
  readonly search: SearchStore;
  readonly build: BuildStore;
  readonly realtime: RealtimeStore;
  readonly inbox: InboxStore;
  readonly notifications: NotificationsStore;
  readonly follows: FollowsStore;
  readonly wallet: WalletStore;
  readonly content: ContentStore;
  readonly community: CommunityStore;
  readonly shop: ShopStore;
  readonly audio: AudioStore;

  private readonly messagesLoader: (lang: Lang) => Promise<Messages>;
  /** The lazy stores built so far (see lazyStores.ts). */
  private readonly lazyBuilt = new Map<LazyStoreName, LazyStores[LazyStoreName]>();
  /** The same names, observable for `peek` (updated after the build, which may happen in a render). */
  private readonly lazyNames = observable.set<LazyStoreName>();
  private readonly lazyLoading = new Map<LazyStoreName, Promise<LazyStores[LazyStoreName]>>();
  /** Why a store's module failed to load, for the render that waited on it (then forgotten: the next read tries again). */
  private readonly lazyErrors = new Map<LazyStoreName, unknown>();

  constructor(options: RootStoreOptions) {
    this.i18n = createI18n(options.lang, options.messages ?? {});
    this.messagesLoader = options.loadMessages ?? ((lang) => loadMessages(lang, options.buildId ?? ''));
    this.toasts = new ToastsStore(this);
    this.ui = new UiStore(this);
    this.colorMode = new ColorModeStore(this);
    this.locale = new LocaleStore(this, options.lang);
    this.settings = new SettingsStore(this);
    this.auth = new AuthStore(this);
    this.pages = new PagesStore(this);
    this.search = new SearchStore(this);
    this.build = new BuildStore(this, options.buildId ?? '');
    this.realtime = new RealtimeStore(this);
    this.inbox = new InboxStore(this);
    this.notifications = new NotificationsStore(this);
    this.follows = new FollowsStore(this);
    this.wallet = new WalletStore(this);
    this.content = new ContentStore(this);
    this.community = new CommunityStore(this);
    this.shop = new ShopStore(this);
    this.audio = new AudioStore(this);
    this.client = new RequestClient({
      envelope: () => ({
        path: this.ui.path,
        device: this.ui.device,
        currency: this.locale.currency,
        lang: this.locale.lang,
      }),
      showError: (message) => this.toasts.error(message),
      translate: (key, vars) => this.t(key, vars),
      onSessionExpired: () => this.auth.sessionExpired(),
    });
    this.dialCodes = new DialCodesStore(this);
    this.levelTips = new LevelTipsStore(this);
    // The session events a lazy store answers from boot (a toast, the user menu's count): the store
    // is built for them, and from then on it receives them here.
    const socket = this.realtime.socket;
    socket.on('coupon', (event) => this.withStore('coupons', (coupons) => coupons.receiveEvent(event)));
    socket.on('ticket', (event) => this.withStore('tickets', (tickets) => tickets.receiveEvent(event)));
  }

  // The stores only later screens read, built on first use (lazyStores.ts). Reading one in a
  // render whose module did not load it yet suspends while it loads.
  get loginBox() { return this.store('loginBox'); }
  get topUp() { return this.store('topUp'); }
  get ledger() { return this.store('ledger'); }
  get memberships() { return this.store('memberships'); }
  get growth() { return this.store('growth'); }
  get reports() { return this.store('reports'); }
  get reportDialog() { return this.store('reportDialog'); }
  get drafts() { return this.store('drafts'); }
  get media() { return this.store('media'); }
  get uploads() { return this.store('uploads'); }
  get chat() { return this.store('chat'); }
  get messages() { return this.store('messages'); }
  get conversations() { return this.store('conversations'); }
  get addresses() { return this.store('addresses'); }
  get coupons() { return this.store('coupons'); }
  get tickets() { return this.store('tickets'); }

  /** A lazy store, loading its module first when needed. */
  load<K extends LazyStoreName>(name: K): Promise<LazyStores[K]> {
    const store = this.built(name);
    if (store) return Promise.resolve(store);
    let loading = this.lazyLoading.get(name) as Promise<LazyStores[K]> | undefined;
    if (!loading) {
      this.lazyErrors.delete(name);
      loading = LAZY_STORE_MODULES[name]().then(() => {
        const loaded = this.built(name);
        if (!loaded) throw new Error(`store ${name} did not register`);
        return loaded;
      });
      this.lazyLoading.set(name, loading);
      loading.catch((error: unknown) => {
        this.lazyLoading.delete(name);
        this.lazyErrors.set(name, error);
      });
    }
    return loading;
  }

  /**
   * A lazy store when its module is loaded (built now if needed), else undefined: no screen has
   * shown it, so it holds nothing to update. Observable in reactions and renders.
   */
  peek<K extends LazyStoreName>(name: K): LazyStores[K] | undefined {
    this.lazyNames.has(name);
    return this.built(name);
  }

  /** Runs `use` with a lazy store: at once when it is built or its module loaded, else once it loads. */
  withStore<K extends LazyStoreName>(name: K, use: (store: LazyStores[K]) => void) {
    const store = this.built(name);
    if (store) use(store);
    else this.load(name).then(use, () => {});
  }

  /** A lazy store by name (the getters above): reading it in a render whose module did not load it suspends. */
  store<K extends LazyStoreName>(name: K): LazyStores[K] {
    const store = this.built(name);
    if (store) return store;
    // A module that failed to load goes to the error boundary rather than suspending again.
    const error = this.lazyErrors.get(name);
    if (error !== undefined) {
      this.lazyErrors.delete(name);
      throw error;
    }
    // For Suspense: the render is tried again once the store is there.
    throw this.load(name);
  }

  /** The store of `name`: the one built, or a new one when its module registered it. */
  private built<K extends LazyStoreName>(name: K): LazyStores[K] | undefined {
    let store = this.lazyBuilt.get(name) as LazyStores[K] | undefined;
    if (store) return store;
    const factory = storeFactory(name);
    if (!factory) return undefined;
    store = factory(this);
    this.lazyBuilt.set(name, store);
    // Not during the render that may have built it: observers of peek update just after.
    queueMicrotask(() => runInAction(() => this.lazyNames.add(name)));
    return store;
  }

  /**
   * Opens the login box on `action`: at once, and on that action once the box's store is there
   * (its module loads with the dialog, prefetched after the page loaded).
   */
  openLogin = (action: LoginAction = 'login') => {
    this.ui.open('login');
    this.withStore('loginBox', (box) => box.open(action));
  };

  /** Translates a key in the current language. */
  t = (key: string, vars?: Record<string, unknown>): string => this.i18n.t(key, vars);

  /** Makes sure the messages of lang are loaded into i18n. */
  async ensureMessages(lang: Lang) {
    if (this.i18n.hasResourceBundle(lang, 'translation')) return;
    const messages = await this.messagesLoader(lang);
    this.i18n.addResourceBundle(lang, 'translation', messages, true, true);
  }

  /** Loads what the first render needs, and starts the watchers. */
  async start({ fetchViewer = true }: { fetchViewer?: boolean } = {}) {
    this.colorMode.start();
    this.ui.start();
    await this.ensureMessages(this.locale.lang);
    await this.i18n.changeLanguage(this.locale.lang);
    document.documentElement.lang = HTML_LANG[this.locale.lang];
    await Promise.all([this.settings.fetch(), fetchViewer ? this.auth.fetchViewer() : undefined]);
    this.build.start();
    this.realtime.start();
  }

  stop() {
    this.colorMode.stop();
    this.ui.stop();
    this.build.stop();
    this.auth.stop();
    this.realtime.stop();
    this.peek('topUp')?.close();
  }
}
