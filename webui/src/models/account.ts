/**
 * The account pages' names and rules (coupons, addresses, tickets: contract of issue 16). The wire
 * types themselves are generated from the server's registry (`wire.gen.ts`).
 */
import type { AddressView, Author, CouponView, Place, SaveInput } from '../api/wire.gen';

export type {
  AddressView,
  CouponEvent,
  CouponMoney as Money,
  CouponView,
  PickerItem,
  PickerReply,
  Place,
  TicketEvent,
  TicketMessage,
  TicketView,
} from '../api/wire.gen';
export { newIdemKey as newClientId } from '../api/wallet';

/** A member as a ticket names them (Author) or a coupon's restriction lists them (Person), as UserAvatar and profilePath take it. */
export function memberUser(member: Pick<Author, 'id' | 'slug' | 'avatar'>): { avatar: { url?: string }; gqSlug?: string; databaseId: string } {
  return { avatar: { url: member.avatar || undefined }, gqSlug: member.slug, databaseId: member.id };
}

// ---------- Coupons ----------

export type CouponStatus = 'unused' | 'used' | 'expired' | 'invalid';
/** The tabs of the coupons page. */
export const COUPON_TABS = ['unused', 'used', 'expired'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

/**
 * The status a coupon shows (SPEC §4): invalid without a type, expired once its expiry passed (or the
 * server says so), else the server's used/unused.
 */
export function couponStatus(coupon: Pick<CouponView, 'type' | 'status' | 'expiredAt'>, now: number = Date.now()): CouponStatus {
  if (!coupon.type || coupon.status === 'invalid') return 'invalid';
  if (coupon.status === 'used') return 'used';
  const expiry = coupon.expiredAt?.expiredTime ?? 0;
  if (coupon.status === 'expired' || coupon.expiredAt?.hasExpired || (expiry > 0 && expiry <= now)) return 'expired';
  return 'unused';
}

/** Gifting (SPEC §6): only a coupon that allows it, still unused, and once a recipient other than oneself is chosen. */
export function canGiftCoupon(
  coupon: Pick<CouponView, 'type' | 'status' | 'expiredAt' | 'allowPush'>,
  recipientId: string | undefined,
  viewerId?: string,
  now: number = Date.now(),
): boolean {
  if (!coupon.allowPush || !recipientId) return false;
  if (viewerId && recipientId === viewerId) return false;
  return couponStatus(coupon, now) === 'unused';
}

/** Only unused exchange coupons are redeemed (into balance, credit or a level). */
export function canRedeemCoupon(coupon: Pick<CouponView, 'type' | 'status' | 'expiredAt' | 'redeem'>, now: number = Date.now()): boolean {
  return coupon.type === 'exchange' && couponStatus(coupon, now) === 'unused' && coupon.redeem?.type !== 'none';
}

/** A decimal amount with exactly 2 decimals ("12.3" → "12.30"), without going through a float for whole text. */
export function twoDecimals(amount: string): string {
  const text = amount.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > 2) {
    const value = Number(text);
    return Number.isFinite(value) ? value.toFixed(2) : text;
  }
  return `${sign}${whole || '0'}.${fraction.padEnd(2, '0')}`;
}

// ---------- Addresses ----------

export type AddressType = 'SELECTED' | 'MANUAL';

/** An address's type as the form takes it: MANUAL, else SELECTED. */
export function addressType(type: string): AddressType {
  return type === 'MANUAL' ? 'MANUAL' : 'SELECTED';
}

/** The four levels of a place, from the country down. */
export const PLACE_LEVELS = ['country', 'province', 'city', 'district'] as const;
export type PlaceLevel = (typeof PLACE_LEVELS)[number];

/** What the address form edits; saveInputOf makes mutates.saveAddress's input of it. */
export interface AddressDraft {
  addressId?: string;
  type: AddressType;
  default: boolean;
  country: Place;
  province: Place;
  city: Place;
  district: Place;
  address: string;
  addressString?: string;
  phone: string;
  dialCode: string;
  name: string;
  postcode: string;
  index: number;
}

export const EMPTY_PLACE: Place = { geonameId: 0, name: '' };

/** mutates.saveAddress's input for a draft: ids as text, the typed fields trimmed, an empty addressId for a new address. */
export function saveInputOf(draft: AddressDraft): SaveInput {
  const place = ({ geonameId, name }: Place) => ({ geonameId: String(geonameId), name });
  return {
    addressId: draft.addressId ?? '',
    type: draft.type,
    default: draft.default,
    country: place(draft.country),
    province: place(draft.province),
    city: place(draft.city),
    district: place(draft.district),
    address: draft.address.trim(),
    addressString: draft.addressString ?? '',
    phone: draft.phone.trim(),
    dialCode: draft.dialCode,
    name: draft.name.trim(),
    postcode: draft.postcode.trim(),
    index: draft.index,
  };
}

/** The one-line form of an address: its places from the country down, then the street line. */
export function addressLine(address: Pick<AddressView, 'country' | 'province' | 'city' | 'district' | 'address'>): string {
  const places = PLACE_LEVELS.map((level) => address[level]?.name?.trim()).filter(Boolean);
  return [...places, address.address.trim()].filter(Boolean).join(' ');
}

/** A field of the address form and the i18n key of what is wrong with it. */
export type AddressErrors = Partial<Record<'country' | 'places' | 'name' | 'phone' | 'address' | 'postcode', string>>;

/** The limits the server applies (app/address), for the form's checks and messages. */
export const ADDRESS_LIMITS = { name: 60, address: 200, postcode: 20, region: 100 } as const;

/** The `{{max}}` of an address error message. */
export const ADDRESS_ERROR_VARS: Record<string, { max: number }> = {
  'address.error.nameLong': { max: ADDRESS_LIMITS.name },
  'address.error.addressLong': { max: ADDRESS_LIMITS.address },
  'address.error.postcodeLong': { max: ADDRESS_LIMITS.postcode },
  'address.error.region': { max: ADDRESS_LIMITS.region },
};

/** Digits only after dropping spaces, dashes, dots and brackets. */
export function phoneDigits(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

/** A phone number that may be valid for the dial code (the server checks it exactly). */
export function phoneLooksValid(phone: string, dialCode: string): boolean {
  const digits = phoneDigits(phone.trim());
  if (!/^\d{5,15}$/.test(digits)) return false;
  // China: a mobile number (1 and 10 digits) or a landline with its area code (0 and 9 to 11 digits).
  if (dialCode === '+86') return /^1\d{10}$/.test(digits) || /^0\d{9,11}$/.test(digits);
  return true;
}

/**
 * The address form's checks before anything is sent (the server's rules, app/address): a name, a
 * phone that may be valid for its dial code, a street line, a postcode of letters, digits, spaces
 * and dashes; a country picked from the list; a SELECTED address walked down the picker far enough
 * (`pickerDone`: to a place without children, or to the city, the district being optional), a MANUAL
 * one's typed parts at most 100 characters. Empty when it can be sent.
 */
export function validateAddress(draft: AddressDraft, pickerDone: boolean): AddressErrors {
  const errors: AddressErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'address.error.name';
  else if ([...name].length > ADDRESS_LIMITS.name) errors.name = 'address.error.nameLong';
  if (!draft.phone.trim()) errors.phone = 'address.error.phone';
  else if (!phoneLooksValid(draft.phone, draft.dialCode)) errors.phone = 'address.error.phoneFormat';
  const line = draft.address.trim();
  if (!line) errors.address = 'address.error.address';
  else if ([...line].length > ADDRESS_LIMITS.address) errors.address = 'address.error.addressLong';
  const postcode = draft.postcode.trim();
  if (!postcode) errors.postcode = 'address.error.postcodeRequired';
  else if ([...postcode].length > ADDRESS_LIMITS.postcode) errors.postcode = 'address.error.postcodeLong';
  else if (!/^[\p{L}\p{N} -]+$/u.test(postcode)) errors.postcode = 'address.error.postcode';
  if (!draft.country.geonameId) errors.country = 'address.error.country';
  else if (draft.type === 'SELECTED' && !pickerDone) errors.places = 'address.error.places';
  else if (draft.type === 'MANUAL' && PLACE_LEVELS.slice(1).some((level) => [...draft[level].name.trim()].length > ADDRESS_LIMITS.region)) {
    errors.places = 'address.error.region';
  }
  return errors;
}

/** The draft of a held address (editing), or of a new one. */
export function draftOf(address: AddressView | null, dialCode: string, isFirst: boolean): AddressDraft {
  if (!address) {
    return {
      type: 'SELECTED',
      default: isFirst,
      country: { ...EMPTY_PLACE },
      province: { ...EMPTY_PLACE },
      city: { ...EMPTY_PLACE },
      district: { ...EMPTY_PLACE },
      address: '',
      phone: '',
      dialCode,
      name: '',
      postcode: '',
      index: 0,
    };
  }
  return {
    addressId: address.id,
    type: addressType(address.type),
    default: address.default,
    country: { ...EMPTY_PLACE, ...address.country },
    province: { ...EMPTY_PLACE, ...address.province },
    city: { ...EMPTY_PLACE, ...address.city },
    district: { ...EMPTY_PLACE, ...address.district },
    address: address.address,
    addressString: address.addressString,
    phone: address.phone,
    dialCode: address.dialCode || dialCode,
    name: address.name,
    postcode: address.postcode,
    index: address.index,
  };
}

// ---------- Tickets ----------

export const TICKET_CATEGORIES = ['order', 'payment', 'account', 'content', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketStatus = 'open' | 'answered' | 'closed';

export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MAX = 4000;
export const TICKET_ATTACHMENTS_MAX = 4;

/** A product's page (`/shop/{slug}-{id}`), for a coupon's restricted products. */
export function couponProductPath(product: { slug?: string; id: string }): string {
  const slug = encodeURIComponent(product.slug ?? '');
  return slug ? `/shop/${slug}-${product.id}` : `/shop/${product.id}`;
}
