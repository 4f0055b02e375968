import { RequestClient } from '../api/client';
import { createI18n, type I18n } from '../i18n';
import { HTML_LANG, type Lang } from '../i18n/languages';
import { loadMessages, type Messages } from '../i18n/messages';
import { AudioStore } from './AudioStore';
import { AuthStore } from './AuthStore';
import { BuildStore } from './BuildStore';
import { ChatStore } from './ChatStore';
import { ColorModeStore } from './ColorModeStore';
import { ContentStore } from './ContentStore';
import { CommunityStore } from './CommunityStore';
import { ConversationsStore } from './ConversationsStore';
import { DialCodesStore } from './DialCodesStore';
import { DraftsStore } from './DraftsStore';
import { FollowsStore } from './FollowsStore';
import { GrowthStore } from './GrowthStore';
import { InboxStore } from './InboxStore';
import { LedgerStore } from './LedgerStore';
import { LevelTipsStore } from './LevelTipsStore';
import { LocaleStore } from './LocaleStore';
import { LoginBoxStore } from './LoginBoxStore';
import { MediaStore } from './MediaStore';
import { MembershipsStore } from './MembershipsStore';
import { MessagesStore } from './MessagesStore';
import { NotificationsStore } from './NotificationsStore';
import { PagesStore } from './PagesStore';
import { RealtimeStore } from './RealtimeStore';
import { ReportDialogStore } from './ReportDialogStore';
import { ReportsStore } from './ReportsStore';
import { SearchStore } from './SearchStore';
import { SettingsStore } from './SettingsStore';
import { ShopStore } from './shop/ShopStore';
import { ToastsStore } from './ToastsStore';
import { TopUpStore } from './TopUpStore';
import { UiStore } from './UiStore';
import { UploadStore } from './UploadStore';
import { WalletStore } from './WalletStore';
import { AddressesStore } from './account/AddressesStore';
import { CouponsStore } from './account/CouponsStore';
import { TicketsStore } from './account/TicketsStore';

export interface RootStoreOptions {
  lang: Lang;
  /** The id of the running build (from index.html); empty in tests. */
  buildId?: string;
  /** Messages already loaded, by language (tests pass them all). */
  messages?: Partial<Record<Lang, Messages>>;
  /** Loads the messages of a language that is not loaded yet. */
  loadMessages?: (lang: Lang) => Promise<Messages>;
}

/** Builds every store of the client with a back-reference to itself. */
export class RootStore {
  readonly i18n: I18n;
  readonly client: RequestClient;
  readonly toasts: ToastsStore;
  readonly ui: UiStore;
  readonly colorMode: ColorModeStore;
  readonly locale: LocaleStore;
  readonly settings: SettingsStore;
  readonly auth: AuthStore;
  readonly loginBox: LoginBoxStore;
  readonly dialCodes: DialCodesStore;
  readonly levelTips: LevelTipsStore;
  readonly pages: PagesStore;
  readonly search: SearchStore;
  readonly build: BuildStore;
  readonly realtime: RealtimeStore;
  readonly chat: ChatStore;
  readonly inbox: InboxStore;
  readonly conversations: ConversationsStore;
  readonly messages: MessagesStore;
  readonly notifications: NotificationsStore;
  readonly follows: FollowsStore;
  readonly wallet: WalletStore;
  readonly topUp: TopUpStore;
  readonly ledger: LedgerStore;
  readonly memberships: MembershipsStore;
  readonly growth: GrowthStore;
  readonly uploads: UploadStore;
  readonly media: MediaStore;
  readonly reportDialog: ReportDialogStore;
  readonly reports: ReportsStore;
  readonly drafts: DraftsStore;
  readonly content: ContentStore;
  readonly community: CommunityStore;
  readonly shop: ShopStore;
  readonly addresses: AddressesStore;
  readonly coupons: CouponsStore;
  readonly tickets: TicketsStore;
  readonly audio: AudioStore;

  private readonly messagesLoader: (lang: Lang) => Promise<Messages>;

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
    this.chat = new ChatStore(this);
    this.inbox = new InboxStore(this);
    this.conversations = new ConversationsStore(this);
    this.messages = new MessagesStore(this);
    this.notifications = new NotificationsStore(this);
    this.follows = new FollowsStore(this);
    this.wallet = new WalletStore(this);
    this.topUp = new TopUpStore(this);
    this.ledger = new LedgerStore(this);
    this.memberships = new MembershipsStore(this);
    this.growth = new GrowthStore(this);
    this.uploads = new UploadStore(this);
    this.media = new MediaStore(this);
    this.reportDialog = new ReportDialogStore(this);
    this.reports = new ReportsStore(this);
    this.drafts = new DraftsStore(this);
    this.content = new ContentStore(this);
    this.community = new CommunityStore(this);
    this.shop = new ShopStore(this);
    this.addresses = new AddressesStore(this);
    this.coupons = new CouponsStore(this);
    this.tickets = new TicketsStore(this);
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
    this.loginBox = new LoginBoxStore(this);
    this.dialCodes = new DialCodesStore(this);
    this.levelTips = new LevelTipsStore(this);
  }

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
    this.topUp.close();
  }
}
