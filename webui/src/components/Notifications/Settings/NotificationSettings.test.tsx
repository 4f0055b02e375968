import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { NotifyPrefsReply } from '../../../api/notifyPrefs';
import { AccountLayout } from '../../Layout/AccountLayout';
import { AccountPage } from '../../../scenes/Account/AccountPage';
import { chatViewer, signIn } from '../../../test/chat';
import { FakeSocket } from '../../../test/fakeSocket';
import { prefsReply } from '../../../test/notifyPrefs';
import { stubResizeObserver } from '../../../test/radix';
import { renderWithStores } from '../../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../../test/stores';

function sent(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const ENDPOINT = 'https://push.example.net/send/abc';
const DEVICE = { id: '7', endpoint: ENDPOINT, host: 'push.example.net', lang: 'en', createdAt: 1_790_000_000_000, updatedAt: 1_790_000_000_000 };

function setup(reply: NotifyPrefsReply = prefsReply()) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  let devices: (typeof DEVICE)[] = [];
  const calls = mockFetch(
    apiResponder({
      'notify.prefs': () => json(reply),
      'notify.savePrefs': (data) =>
        json({ ...reply, dnd: data.dnd, digest: data.digest, kinds: reply.kinds.map((k) => ({ ...k, ...(data.kinds as { kind: string }[]).find((d) => d.kind === k.kind) })) }),
      'push.devices': () => json({ devices }),
      'push.publicKey': () => json({ publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' }),
      'push.subscribe': (data) => {
        devices = [{ ...DEVICE, endpoint: String(data.endpoint) }];
        return json({ device: devices[0] });
      },
      'push.unsubscribe': () => {
        devices = [];
        return json({ removed: true });
      },
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1' })).accept('1');
  return { root, calls };
}

function renderAt(root: ReturnType<typeof setup>['root'], path = '/en/account/notification?tab=settings') {
  return renderWithStores(
    <Routes>
      <Route element={<AccountLayout />}>
        <Route path="/en/account/:page" element={<AccountPage />} />
      </Route>
    </Routes>,
    root,
    path,
  );
}

/** A browser that can push: a service worker whose PushManager subscribes, and a permission prompt. */
function stubPushBrowser(permission: NotificationPermission = 'default', answer: NotificationPermission = 'granted') {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    subscription = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BKey', auth: 'secret' } }),
      unsubscribe,
    } as unknown as PushSubscription;
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  return { subscribe, unsubscribe, requestPermission };
}

describe('/account/notification?tab=settings', () => {
  beforeEach(stubResizeObserver);
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('links the tabs, and shows the matrix with its locked and refused cells', async () => {
    const { root } = setup(prefsReply({ hasEmail: false }));
    renderAt(root);
    const matrix = await screen.findByTestId('notify-kinds');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(within(matrix).getByRole('switch', { name: 'Private messages: In the site' })).toBeDisabled();
    expect(within(matrix).getByRole('switch', { name: 'Private messages: In the site' })).toHaveAttribute('aria-checked', 'true');
    expect(within(matrix).getByRole('switch', { name: 'Orders: Push' })).toBeDisabled();
    expect(within(matrix).getByTestId('notify-operator-off-orders-push')).toHaveTextContent('Push is turned off by the site for this kind');
    expect(within(matrix).getByRole('switch', { name: 'Mentions: Email' })).toBeDisabled();
    expect(screen.getByTestId('notify-no-email')).toHaveTextContent('Your account has no email address');
    expect(screen.getByTestId('notify-digest-switch')).toBeDisabled();

    await userEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(await screen.findByTestId('notification-page')).toBeInTheDocument();
  });

  it('saves toggles, do not disturb and the digest, then says so and shows nothing unsaved', async () => {
    const { root, calls } = setup();
    renderAt(root);
    const likesPush = await screen.findByRole('switch', { name: 'Likes: Push' });
    expect(screen.getByTestId('notify-save')).toBeDisabled();
    await userEvent.click(likesPush);
    expect(likesPush).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByTestId('notify-dnd-enabled'));
    const start = screen.getByLabelText('From');
    await userEvent.clear(start);
    await userEvent.type(start, '23:00');
    await userEvent.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Shanghai');
    await userEvent.click(screen.getByTestId('notify-digest-switch'));
    expect(screen.getByTestId('notify-unsaved')).toHaveTextContent('You have unsaved changes');
    expect(screen.getByTestId('notify-dnd-overnight')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('notify-save'));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const [input] = sent(calls, 'notify.savePrefs');
    expect(input.dnd).toEqual({ enabled: true, start: '23:00', end: '07:30', timeZone: 'Asia/Shanghai' });
    expect(input.digest).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('notify-unsaved')).toBeNull());
  });

  it('shows a refusal at the field it names', async () => {
    const { root } = setup();
    root.client.call = vi.fn(async (action: string) =>
      action === 'notify.savePrefs'
        ? { ok: false as const, error: { statusCode: 400, messages: ['Unknown time zone'], field: 'dnd.timeZone' } }
        : { ok: true as const, data: action === 'push.devices' ? { devices: [] } : prefsReply() },
    ) as unknown as typeof root.client.call;
    renderAt(root);
    await userEvent.click(await screen.findByTestId('notify-dnd-enabled'));
    await userEvent.click(screen.getByTestId('notify-save'));
    const zone = screen.getByLabelText('Time zone');
    await waitFor(() => expect(zone).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown time zone');
  });

  it('says when the browser cannot push, and never asks the permission on load', async () => {
    const { root } = setup();
    renderAt(root);
    expect(await screen.findByTestId('push-note')).toHaveTextContent('This browser cannot receive push notifications');
    expect(screen.getByTestId('push-switch')).toBeDisabled();
  });

  it('says push is not available on the site', async () => {
    stubPushBrowser();
    const { root } = setup(prefsReply({ pushAvailable: false }));
    renderAt(root);
    expect(await screen.findByTestId('push-note')).toHaveTextContent('Push notifications are not available on this site.');
    expect(screen.getByTestId('notify-push-unavailable')).toBeInTheDocument();
  });

  it('explains how to allow notifications again once they are blocked', async () => {
    const { requestPermission } = stubPushBrowser('denied');
    const { root } = setup();
    renderAt(root);
    expect(await screen.findByTestId('push-note')).toHaveTextContent('Notifications are blocked for this site');
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('asks the permission only when switched on, subscribes with the site key, lists the device, and turns it off', async () => {
    const { subscribe, unsubscribe, requestPermission } = stubPushBrowser();
    const { root, calls } = setup();
    renderAt(root);
    const toggle = await screen.findByTestId('push-switch');
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(requestPermission).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe.mock.calls[0]![0].userVisibleOnly).toBe(true);
    expect((subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array).length).toBe(65);
    expect(sent(calls, 'push.subscribe')).toEqual([{ endpoint: ENDPOINT, keys: { p256dh: 'BKey', auth: 'secret' }, lang: 'en' }]);
    const device = await screen.findByTestId('push-device');
    expect(device).toHaveTextContent('push.example.net');
    expect(device).toHaveTextContent('This device');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(unsubscribe).toHaveBeenCalled();
    expect(sent(calls, 'push.unsubscribe')).toEqual([{ endpoint: ENDPOINT }]);
    expect(await screen.findByTestId('push-no-devices')).toBeInTheDocument();
  });

  it('says so when the permission is refused at the prompt', async () => {
    stubPushBrowser('default', 'denied');
    const { root, calls } = setup();
    renderAt(root);
    const toggle = await screen.findByTestId('push-switch');
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByTestId('push-note')).toHaveTextContent('Notifications are blocked for this site');
    expect(sent(calls, 'push.subscribe')).toEqual([]);
  });
});
