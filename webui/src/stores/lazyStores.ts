import type { ChatStore } from './ChatStore';
import type { ConversationsStore } from './ConversationsStore';
import type { DraftsStore } from './DraftsStore';
import type { GrowthStore } from './GrowthStore';
import type { LedgerStore } from './LedgerStore';
import type { LoginBoxStore } from './LoginBoxStore';
import type { MediaStore } from './MediaStore';
import type { MembershipsStore } from './MembershipsStore';
import type { MessagesStore } from './MessagesStore';
import type { ReportDialogStore } from './ReportDialogStore';
import type { ReportsStore } from './ReportsStore';
import type { RootStore } from './RootStore';
import type { TopUpStore } from './TopUpStore';
import type { UploadStore } from './UploadStore';
import type { AddressesStore } from './account/AddressesStore';
import type { CheckoutStore } from './shop/CheckoutStore';
import type { OrdersStore } from './shop/OrdersStore';
import type { CouponsStore } from './account/CouponsStore';
import type { TicketsStore } from './account/TicketsStore';

/**
 * The stores only later screens and dialogs read (issue 19, finding 14): none is built at boot and
 * none of their code is in the first load. Each store's module registers its factory when it is
 * evaluated (`registerStore` at its end); the screens and dialogs that read one import its module,
 * so its code is in their chunk and the RootStore builds it on first use (`root.coupons`).
 * Code outside rendering that may run before any such screen (a socket event, a store of the first
 * load) uses `root.load(name)` (imports the module when needed) or `root.peek(name)` (the store
 * when its module is loaded, else undefined: nothing of it to update).
 *
 * A file of the first load must import these modules with `import type` only:
 * webui/src/routing/firstLoad.test.ts fails when one of them is in the first load.
 */
export interface LazyStores {
  loginBox: LoginBoxStore;
  topUp: TopUpStore;
  ledger: LedgerStore;
  memberships: MembershipsStore;
  growth: GrowthStore;
  reports: ReportsStore;
  reportDialog: ReportDialogStore;
  drafts: DraftsStore;
  media: MediaStore;
  uploads: UploadStore;
  chat: ChatStore;
  messages: MessagesStore;
  conversations: ConversationsStore;
  addresses: AddressesStore;
  coupons: CouponsStore;
  tickets: TicketsStore;
  /** The shop's checkout, read as `root.shop.checkout`. */
  checkout: CheckoutStore;
  /** The member's orders, read as `root.shop.orders`. */
  orders: OrdersStore;
}

export type LazyStoreName = keyof LazyStores;

export type StoreFactory<K extends LazyStoreName> = (root: RootStore) => LazyStores[K];

/** Each lazy store's module, for `root.load`: importing it registers the store. */
export const LAZY_STORE_MODULES: Record<LazyStoreName, () => Promise<unknown>> = {
  loginBox: () => import('./LoginBoxStore'),
  topUp: () => import('./TopUpStore'),
  ledger: () => import('./LedgerStore'),
  memberships: () => import('./MembershipsStore'),
  growth: () => import('./GrowthStore'),
  reports: () => import('./ReportsStore'),
  reportDialog: () => import('./ReportDialogStore'),
  drafts: () => import('./DraftsStore'),
  media: () => import('./MediaStore'),
  uploads: () => import('./UploadStore'),
  chat: () => import('./ChatStore'),
  messages: () => import('./MessagesStore'),
  conversations: () => import('./ConversationsStore'),
  addresses: () => import('./account/AddressesStore'),
  coupons: () => import('./account/CouponsStore'),
  tickets: () => import('./account/TicketsStore'),
  checkout: () => import('./shop/CheckoutStore'),
  orders: () => import('./shop/OrdersStore'),
};

const factories: { [K in LazyStoreName]?: StoreFactory<K> } = {};

/** Called by a lazy store's module when it is evaluated. */
export function registerStore<K extends LazyStoreName>(name: K, factory: StoreFactory<K>) {
  (factories as Record<K, StoreFactory<K>>)[name] = factory;
}

/** The factory of a store whose module was loaded. */
export function storeFactory<K extends LazyStoreName>(name: K): StoreFactory<K> | undefined {
  return factories[name] as StoreFactory<K> | undefined;
}
