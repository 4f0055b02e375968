import type { AddressView, CouponView, PickerReply, TicketMessage, TicketView } from '../../models/account';

/** Fixtures of the account stores' and components' tests. */
export const NOW = Date.UTC(2026, 10, 24, 12, 0);

export function coupon(code: string, overrides: Partial<CouponView> = {}): CouponView {
  return {
    code,
    name: `Coupon ${code}`,
    status: 'unused',
    type: 'cash',
    faceValue: { currency: 'CNY', amount: '10.5' },
    allowPush: true,
    createdAt: NOW - 1000,
    expiredAt: { expiredTime: 0, hasExpired: false },
    redeem: { type: 'none' },
    useRestrict: { type: 'none' },
    restrictedType: 'other',
    ...overrides,
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

export function ticket(id: string, overrides: Partial<TicketView> = {}): TicketView {
  return {
    id,
    subject: `Ticket ${id}`,
    category: 'order',
    status: 'open',
    createdAt: NOW,
    updatedAt: NOW,
    lastMessage: 'help',
    unread: false,
    author: { id: '1', name: 'Viewer 1', slug: 'viewer1' },
    ...overrides,
  };
}

export function message(id: string, overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id,
    ticketId: '7',
    author: { id: '1', name: 'Viewer 1' },
    staff: false,
    content: `message ${id}`,
    attachments: [],
    createdAt: NOW + Number(id),
    ...overrides,
  };
}
