import { makeAutoObservable } from 'mobx';
import { profilePath } from '../utils/links';
import type { TicketView } from './account';

/** A growth level or VIP tier as the viewer carries it: key, badge picture, name in the request's language. */
export interface BadgeData {
  key: string;
  icon?: string;
  name?: string;
}

/** The more-information fields of a member. */
export interface ProfileData {
  gender?: string;
  birthday?: string;
  location?: string;
  website?: string;
}

/** The signed-in member as auth.viewer returns it (SPEC §3). Ids are strings (64-bit). */
export interface ViewerData {
  id: string;
  databaseId: string;
  avatar?: { url?: string };
  name: string;
  description?: string;
  /** The server sends an object; a bare key is accepted too. */
  gqVIP?: BadgeData | string | null;
  gqLevel?: BadgeData | string | null;
  darkRoom?: boolean;
  gqSlug?: string;
  /** Balances keyed by currency code, sent as text. */
  gqMoney?: string | Record<string, string | number> | null;
  gqCredit?: number | string | null;
  gqUserSocketToken?: { signature: string; timestamp: string } | null;
  /** The member's open support tickets (TicketView; a bare id is accepted too). */
  gqTicket?: ViewerTicket[];
  gqNotification?: number;
  gqRoles?: ViewerRoles;
  profile?: ProfileData;
}

/** A ticket of the viewer's gqTicket: a TicketView (older servers sent less). */
export type ViewerTicket = Omit<Partial<TicketView>, 'id'> & { id: string | number };

export interface ViewerRoles {
  canBuilder?: boolean;
  isAdmin?: boolean;
  hasInfomation?: boolean;
  showClose?: boolean;
  userCan?: string[];
  media?: Record<string, { can?: boolean; size?: number; max?: number; count?: number }>;
  [key: string]: unknown;
}

export class Viewer {
  data: ViewerData;

  constructor(data: ViewerData) {
    this.data = data;
    makeAutoObservable(this);
  }

  get id() {
    return this.data.id;
  }

  get name() {
    return this.data.name;
  }

  get avatarUrl() {
    return this.data.avatar?.url ?? '';
  }

  get canBuilder() {
    return this.data.gqRoles?.canBuilder === true;
  }

  get isVip() {
    return Boolean(this.vip);
  }

  get vip(): BadgeData | null {
    return asBadge(this.data.gqVIP);
  }

  get level(): BadgeData | null {
    return asBadge(this.data.gqLevel);
  }

  /** The more-information dialog was completed once, so it may be closed. */
  get canCloseMoreInformation() {
    return this.data.gqRoles?.showClose === true;
  }

  /** The route of the member's own profile, from the slug: /profile/{gqSlug}-{databaseId}. */
  get profilePath(): string {
    return profilePath(this.data);
  }

  get unreadNotifications() {
    return Number(this.data.gqNotification ?? 0);
  }

  get ticketCount() {
    return this.data.gqTicket?.length ?? 0;
  }

  get credit() {
    return Number(this.data.gqCredit ?? 0);
  }

  /** Balances by currency code; gqMoney arrives as JSON text or an object. */
  get money(): Record<string, number> {
    let raw = this.data.gqMoney;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw) as Record<string, string | number>;
      } catch {
        raw = null;
      }
    }
    const balances: Record<string, number> = {};
    for (const [code, amount] of Object.entries(raw ?? {})) {
      const value = Number(amount);
      if (Number.isFinite(value)) balances[code] = value;
    }
    return balances;
  }

  /** Takes the server's newer copy of the same member (rights, badges, balances). */
  replace(data: ViewerData) {
    this.data = data;
  }

  update(data: Partial<ViewerData>) {
    this.data = { ...this.data, ...data };
  }
}

function asBadge(value: BadgeData | string | null | undefined): BadgeData | null {
  if (!value) return null;
  return typeof value === 'string' ? { key: value } : value;
}

/** The default seed of the avatar endpoint (SPEC §9). */
export const DEFAULT_AVATAR_SEED = '123';

/**
 * The image of an avatar: a URL-like value (an address, a path on this site,
 * a data URL) is used directly unless it is a gravatar one; otherwise the
 * avatar endpoint draws one from a seed.
 */
export function avatarSrc(url: string | undefined, seed: string | undefined): string {
  if (url && /^((https?:)?\/\/|\/|data:image\/)/i.test(url) && !/gravatar\.com/i.test(url)) return url;
  return `/api/avatar?seed=${encodeURIComponent(seed || DEFAULT_AVATAR_SEED)}`;
}
