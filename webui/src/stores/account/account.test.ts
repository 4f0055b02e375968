import { runInAction } from 'mobx';
import { canGiftCoupon, canRedeemCoupon, couponStatus, draftOf, twoDecimals, validateAddress, type AddressView } from '../../models/account';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { AddressForm } from './AddressForm';
import { NOW, address, coupon, message, page, ticket, tree } from './testData';


function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}, isAdmin = false) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  const socket = signIn(root, chatViewer({ id: '1', isAdmin }));
  socket.accept('1');
  const push = (event: string, data: unknown) => (socket.receive as unknown as (action: string, data: unknown) => void)(event, data);
  return { root, calls, socket, push };
}

describe('coupon rules', () => {
  it('shows invalid without a type, expired past its expiry, else the server status', () => {
    expect(couponStatus(coupon('a', { type: '' }), NOW)).toBe('invalid');
    expect(couponStatus(coupon('a'), NOW)).toBe('unused');
    expect(couponStatus(coupon('a', { status: 'used' }), NOW)).toBe('used');
    expect(couponStatus(coupon('a', { expiredAt: { expiredTime: NOW - 1, hasExpired: false } }), NOW)).toBe('expired');
    expect(couponStatus(coupon('a', { expiredAt: { expiredTime: NOW + 60_000, hasExpired: false } }), NOW)).toBe('unused');
    expect(couponStatus(coupon('a', { expiredAt: { expiredTime: NOW + 60_000, hasExpired: true } }), NOW)).toBe('expired');
    expect(couponStatus(coupon('a', { status: 'expired' }), NOW)).toBe('expired');
  });

  it('allows gifting only when allowPush and a recipient other than oneself is chosen', () => {
    expect(canGiftCoupon(coupon('a'), undefined, '1', NOW)).toBe(false);
    expect(canGiftCoupon(coupon('a'), '2', '1', NOW)).toBe(true);
    expect(canGiftCoupon(coupon('a'), '1', '1', NOW)).toBe(false);
    expect(canGiftCoupon(coupon('a', { allowPush: false }), '2', '1', NOW)).toBe(false);
    expect(canGiftCoupon(coupon('a', { status: 'used' }), '2', '1', NOW)).toBe(false);
    expect(canGiftCoupon(coupon('a', { expiredAt: { expiredTime: NOW - 5, hasExpired: false } }), '2', '1', NOW)).toBe(false);
  });

  it('redeems unused exchange coupons only', () => {
    expect(canRedeemCoupon(coupon('a', { type: 'exchange', redeem: { type: 'credit', credit: '100' } }), NOW)).toBe(true);
    expect(canRedeemCoupon(coupon('a', { type: 'cash' }), NOW)).toBe(false);
    expect(canRedeemCoupon(coupon('a', { type: 'exchange', status: 'used', redeem: { type: 'money' } }), NOW)).toBe(false);
  });

  it('shows amounts with 2 decimals', () => {
    expect(twoDecimals('10.5')).toBe('10.50');
    expect(twoDecimals('12')).toBe('12.00');
    expect(twoDecimals('0.05')).toBe('0.05');
    expect(twoDecimals('-3.1')).toBe('-3.10');
  });
});

describe('CouponsStore', () => {
  it('reads the tab, gives a coupon away once and says so', async () => {
    const { root, calls } = setup({
      'account.coupons': (data) => json({ coupons: page(data.status === 'unused' ? [coupon('A1'), coupon('A2', { createdAt: NOW })] : []) }),
      'account.couponPush': () => json({ success: true, coupon: coupon('A1') }),
    });
    await root.coupons.loadLatest();
    expect(root.coupons.ordered.map((c) => c.code)).toEqual(['A2', 'A1']);
    expect(await root.coupons.push('A1', '2')).toBe(true);
    expect(requests(calls, 'account.couponPush')).toEqual([{ couponCode: 'A1', toUserId: '2' }]);
    expect(root.coupons.ordered.map((c) => c.code)).toEqual(['A2']);
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Coupon given successfully');
    expect(await root.coupons.push('A2', '')).toBe(false);
    expect(requests(calls, 'account.couponPush')).toHaveLength(1);
  });

  it('adds a coupon gifted to the member live, once', async () => {
    const { root, push } = setup({ 'account.coupons': () => json({ coupons: page([coupon('A1')]) }) });
    await root.coupons.loadLatest();
    push('coupon', { coupon: coupon('GIFT', { createdAt: NOW + 10 }) });
    push('coupon', { coupon: coupon('GIFT', { createdAt: NOW + 10 }) });
    expect(root.coupons.ordered.map((c) => c.code)).toEqual(['GIFT', 'A1']);
    expect(root.toasts.toasts.some((toast) => toast.message.includes('Coupon GIFT'))).toBe(true);
  });

  it('keeps a live coupon out of another tab', async () => {
    const { root, push } = setup({ 'account.coupons': () => json({ coupons: page([]) }) });
    root.coupons.setTab('used');
    await root.coupons.loadLatest();
    push('coupon', { coupon: coupon('GIFT') });
    expect(root.coupons.ordered).toEqual([]);
  });
});


describe('AddressForm', () => {
  function form(picked: number[] = [], saved: AddressView | null = null) {
    const backend = {
      picker: vi.fn(async (id: number) => {
        picked.push(id);
        return tree[id] ?? { level: 3, items: [] };
      }),
      save: vi.fn(async () => address('9')),
    };
    return { backend, form: new AddressForm(backend, saved, '+86', true) };
  }

  it('walks country → province → city → district, then is done', async () => {
    const picked: number[] = [];
    const { form: f } = form(picked);
    await f.start();
    expect(f.level).toBe(0);
    expect(f.items.map((i) => i.name)).toEqual(['China', 'Monaco']);
    await f.choose(f.items[0]);
    expect(f.level).toBe(1);
    await f.choose(f.items[0]);
    await f.choose(f.items[0]);
    expect(f.level).toBe(3);
    await f.choose(f.items[0]);
    expect(f.pickerDone).toBe(true);
    expect(f.picking).toBe(false);
    expect(f.chosen.map((c) => c.place.name)).toEqual(['China', 'Guangdong', 'Shenzhen', 'Nanshan']);
    expect(picked).toEqual([0, 1814991, 1809935, 1795565]);
    // Back to the province: what is below it is cleared and listed again.
    await f.reopen(1);
    expect(f.chosen.map((c) => c.place.name)).toEqual(['China']);
    expect(f.pickerDone).toBe(false);
    expect(f.items.map((i) => i.name)).toEqual(['Guangdong']);
  });

  it('ends the walk at a place without children', async () => {
    const { form: f } = form();
    await f.start();
    await f.choose(f.items[1]);
    expect(f.pickerDone).toBe(true);
    expect(f.chosen.map((c) => c.place.name)).toEqual(['Monaco']);
  });

  it('checks the fields before sending, and sends the parts and the one-line form', async () => {
    const { form: f, backend } = form();
    await f.start();
    expect(await f.submit()).toBeNull();
    expect(backend.save).not.toHaveBeenCalled();
    expect(f.shownErrors).toEqual({
      name: 'address.error.name',
      phone: 'address.error.phone',
      address: 'address.error.address',
      postcode: 'address.error.postcodeRequired',
      country: 'address.error.country',
    });
    await f.choose(f.items[0]);
    expect(f.errors.places).toBe('address.error.places');
    expect(f.errors.country).toBeUndefined();
    await f.choose(f.items[0]);
    await f.choose(f.items[0]);
    await f.choose(f.items[0]);
    f.set('name', 'Li Lei');
    f.set('phone', '12345');
    f.set('address', '1 Keji Road');
    f.set('postcode', '518000');
    expect(f.errors).toEqual({ phone: 'address.error.phoneFormat' });
    f.set('phone', '138 0013 8000');
    expect(f.isValid).toBe(true);
    expect(await f.submit()).not.toBeNull();
    expect(backend.save).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'SELECTED', default: true, dialCode: '+86', addressString: 'China Guangdong Shenzhen Nanshan 1 Keji Road' }),
    );
  });

  it('takes a MANUAL address with its country picked and the rest typed', async () => {
    const picked: number[] = [];
    const { form: f } = form(picked);
    await f.start();
    f.setType('MANUAL');
    await vi.waitFor(() => expect(f.items).toHaveLength(2));
    f.set('name', 'Ana');
    f.set('dialCode', '+34');
    f.set('phone', '612345678');
    f.set('address', 'Calle Mayor 1');
    f.set('postcode', '28001');
    expect(f.errors).toEqual({ country: 'address.error.country' });
    await f.choose(f.items[0]);
    // The country only: nothing below it is listed.
    expect(f.picking).toBe(false);
    expect(picked.filter((id) => id !== 0)).toEqual([]);
    f.setManual('province', 'Madrid');
    f.setManual('city', 'x'.repeat(101));
    expect(f.errors).toEqual({ places: 'address.error.region' });
    f.setManual('city', 'Madrid');
    f.set('postcode', '28#01');
    expect(f.errors).toEqual({ postcode: 'address.error.postcode' });
    f.set('postcode', '');
    expect(f.errors).toEqual({ postcode: 'address.error.postcodeRequired' });
    f.set('postcode', '28001');
    expect(f.isValid).toBe(true);
    expect(f.draft.country).toEqual({ geonameId: 1814991, name: 'China' });
    expect(f.draft.city).toEqual({ geonameId: 0, name: 'Madrid' });
    // Back to SELECTED: the country stays, its provinces are listed.
    f.setType('SELECTED');
    await vi.waitFor(() => expect(f.items.map((i) => i.name)).toEqual(['Guangdong']));
    expect(f.draft.country.name).toBe('China');
    expect(f.draft.city).toEqual({ geonameId: 0, name: '' });
  });

  it('is complete once the city is picked: the district is optional', async () => {
    const { form: f } = form();
    await f.start();
    await f.choose(f.items[0]);
    await f.choose(f.items[0]);
    expect(f.pickerDone).toBe(false);
    await f.choose(f.items[0]);
    expect(f.pickerDone).toBe(true);
    expect(f.picking).toBe(true);
    expect(f.items.map((i) => i.name)).toEqual(['Nanshan']);
  });

  it('keeps a saved SELECTED address complete until the place is changed', () => {
    const { form: f } = form([], address('5', { default: true }));
    expect(f.isEdit).toBe(true);
    expect(f.pickerDone).toBe(true);
    expect(f.picking).toBe(false);
    expect(validateAddress(draftOf(address('5'), '+86', false), true)).toEqual({});
  });
});

describe('AddressesStore', () => {
  it('saves with the toast saying saved or modified, and one default', async () => {
    const { root, calls } = setup({
      'account.addresses': () => json({ addresses: [address('1', { default: true })] }),
      'mutates.saveAddress': (data) =>
        json({ gqAddressCreate: { success: true, created: !data.addressId, address: address(String(data.addressId || '2'), { default: Boolean(data.default) }) } }),
      'mutates.deleteAddress': () => json({ success: true }),
    });
    await root.addresses.fetch();
    const draft = draftOf(null, '+86', false);
    const saved = await root.addresses.save({ ...draft, name: ' Li ', phone: '13800138000', address: 'x', default: true });
    expect(saved?.id).toBe('2');
    // A new address: an empty addressId, the places' ids as text (SaveInput).
    expect(requests(calls, 'mutates.saveAddress')[0]).toMatchObject({ addressId: '', name: 'Li', default: true, country: { geonameId: '0', name: '' } });
    expect(root.addresses.sorted.map((a) => [a.id, a.default])).toEqual([
      ['2', true],
      ['1', false],
    ]);
    expect(root.toasts.toasts.at(-1)?.message).toBe('Address saved successfully');
    await root.addresses.setDefault(root.addresses.get('1')!);
    expect(root.toasts.toasts.at(-1)?.message).toBe('Address modified successfully');
    expect(root.addresses.defaultAddress?.id).toBe('1');
    expect(await root.addresses.remove('2')).toBe(true);
    expect(root.addresses.list.map((a) => a.id)).toEqual(['1']);
  });
});


describe('TicketsStore', () => {
  it('appends a staff reply to the open thread live, once, and counts open tickets', async () => {
    const { root, push } = setup({
      'ticket.list': () => json({ tickets: page([ticket('7')]) }),
      'ticket.thread': () => json({ ticket: ticket('7'), messages: page([message('1')]) }),
    });
    runInAction(() => (root.auth.viewer!.data.gqTicket = [ticket('7')]));
    await root.tickets.loadLatest();
    const thread = root.tickets.thread('7');
    await thread.load();
    expect(root.tickets.openCount).toBe(1);
    const staffReply = message('2', { staff: true, author: { id: '99', name: 'Support' } });
    push('ticket', { ticket: ticket('7', { status: 'answered', updatedAt: NOW + 5 }), message: staffReply });
    push('ticket', { ticket: ticket('7', { status: 'answered', updatedAt: NOW + 5 }), message: staffReply });
    expect(thread.messages.map((m) => m.id)).toEqual(['1', '2']);
    expect(thread.ticket?.status).toBe('answered');
    expect(root.tickets.ordered[0].status).toBe('answered');
    expect(root.toasts.toasts.some((toast) => toast.message.includes('Support replied'))).toBe(true);
    push('ticket', { ticket: ticket('7', { status: 'closed' }) });
    expect(root.tickets.openCount).toBe(0);
  });

  it('creates a ticket with its client id, replies and closes', async () => {
    const { root, calls } = setup({
      'ticket.list': () => json({ tickets: page([]) }),
      'ticket.create': (data) => json({ ticket: ticket('8', { subject: String(data.subject) }), message: message('1', { ticketId: '8' }) }),
      'ticket.reply': () => json({ ticket: ticket('8'), message: message('3', { ticketId: '8' }) }),
      'ticket.close': () => json({ ticket: ticket('8', { status: 'closed' }) }),
    });
    await root.tickets.loadLatest();
    const created = await root.tickets.createTicket({ subject: ' Broken ', category: 'payment', message: 'It failed', attachments: ['/u/a.png'] }, 'ticket:abc12345');
    expect(created?.id).toBe('8');
    expect(requests(calls, 'ticket.create')).toEqual([
      { subject: 'Broken', category: 'payment', message: 'It failed', attachments: ['/u/a.png'], clientId: 'ticket:abc12345' },
    ]);
    expect(root.tickets.ordered.map((t) => t.id)).toEqual(['8']);
    expect(root.tickets.openCount).toBe(1);
    const thread = root.tickets.thread('8');
    expect(await thread.reply('  more  ')).toBe(true);
    expect(requests(calls, 'ticket.reply')[0]).toMatchObject({ ticketId: '8', content: 'more' });
    expect(thread.messages.map((m) => m.id)).toEqual(['1', '3']);
    expect(await thread.close()).toBe(true);
    expect(thread.isClosed).toBe(true);
    expect(root.tickets.openCount).toBe(0);
  });

  it('lets only admins see every member\u2019s tickets', async () => {
    const { root, calls } = setup({ 'ticket.list': () => json({ tickets: page([ticket('1', { author: { id: '5', name: 'Other' } })]) }) }, true);
    root.tickets.setScope('all');
    await root.tickets.loadLatest();
    expect(requests(calls, 'ticket.list').at(-1)).toEqual({ scope: 'all' });
    expect(root.tickets.ordered.map((t) => t.id)).toEqual(['1']);
  });
});
