import type { Author, Person, RedeemView, UseRestrictView } from '../../api/wire.gen';
import type { AddressView, CouponView, PickerReply, TicketMessage, TicketView } from '../../models/account';

/** Fixtures of the account stores' and components' tests. */
export const NOW = Date.UTC(2026, 10, 24, 12, 0);

/** A member as a ticket or a coupon's restriction names them; what a test leaves out is filled in. */
export function member(overrides: Partial<Author> = {}): Author {
  const id = overrides.id ?? '1';
  return { id, name: `Viewer ${id}`, slug: `viewer${id}`, avatar: '', ...overrides };
}

/** A coupon's overrides: its redemption and restriction may be given in part. */
export type CouponOverrides = Omit<Partial<CouponView>, 'redeem' | 'useRestrict'> & {
  redeem?: Partial<RedeemView>;
  useRestrict?: Partial<Omit<UseRestrictView, 'users'>> & { users?: Partial<Person>[] };
};

export function coupon(code: string, overrides: CouponOverrides = {}): CouponView {
  const { redeem, useRestrict, ...rest } = overrides;
  return {
    code,
    name: `Coupon ${code}`,
    status: 'unused',
    type: 'cash',
    faceValue: { currency: 'CNY', amount: '10.5' },
    allowPush: true,
    createdAt: NOW - 1000,
    expiredAt: { expiredTime: 0, hasExpired: false },
    redeem: { type: 'none', text: '', money: null, credit: '', level: '', ...redeem },
    useRestrict: { type: 'none', levels: [], ...useRestrict, users: (useRestrict?.users ?? []).map((user) => member(user)) },
    restrictedType: 'other',
    restrictedProduct: [],
    restrictedTerms: [],
    minSpend: null,
    description: '',
    usedAt: 0,
    orderId: '',
    ...rest,
  };
}

export function page<T>(nodes: T[], hasNextPage = false) {
  return { edges: nodes.map((node) => ({ node })), pageInfo: { endCursor: hasNextPage ? 'next' : '', hasNextPage } };
}

const countries: PickerReply = {
  level: 0,
  items: [
    { geonameId: 1814991, name: 'China', hasChildren: true },
    { geonameId: 3017382, name: 'Monaco', hasChildren: false },
  ],
};
const provinces: PickerReply = { level: 1, items: [{ geonameId: 1809935, name: 'Guangdong', hasChildren: true }] };
const cities: PickerReply = { level: 2, items: [{ geonameId: 1795565, name: 'Shenzhen', hasChildren: true }] };
const districts: PickerReply = { level: 3, items: [{ geonameId: 7602681, name: 'Nanshan', hasChildren: false }] };
export const tree: Record<number, PickerReply> = { 0: countries, 1814991: provinces, 1809935: cities, 1795565: districts };

export function address(id: string, overrides: Partial<AddressView> = {}): AddressView {
  return {
    id,
    type: 'SELECTED',
    default: false,
    country: { geonameId: 1814991, name: 'China' },
    province: { geonameId: 1809935, name: 'Guangdong' },
    city: { geonameId: 1795565, name: 'Shenzhen' },
    district: { geonameId: 7602681, name: 'Nanshan' },
    address: '1 Keji Road',
    addressString: '',
    phone: '13800138000',
    dialCode: '+86',
    name: 'Li Lei',
    postcode: '518000',
    index: 0,
    ...overrides,
  };
}

export function ticket(id: string, { author, ...overrides }: Omit<Partial<TicketView>, 'author'> & { author?: Partial<Author> } = {}): TicketView {
  return {
    id,
    subject: `Ticket ${id}`,
    category: 'order',
    status: 'open',
    createdAt: NOW,
    updatedAt: NOW,
    lastMessage: 'help',
    unread: false,
    author: member(author),
    ...overrides,
  };
}

export function message(id: string, { author, ...overrides }: Omit<Partial<TicketMessage>, 'author'> & { author?: Partial<Author> } = {}): TicketMessage {
  return {
    id,
    ticketId: '7',
    author: member(author),
    staff: false,
    content: `message ${id}`,
    attachments: [],
    createdAt: NOW + Number(id),
    ...overrides,
  };
}
