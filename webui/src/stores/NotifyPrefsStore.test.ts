import { explicitOperators, NOTIFY_KINDS, type NotifyPrefsReply } from '../api/notifyPrefs';
import { prefsReply } from '../test/notifyPrefs';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';
import { sectionValue, type SettingsDraft } from './admin/SettingsAdminStore';
import { NotifyPrefsStore, saveInputOf, timeZones } from './NotifyPrefsStore';

function sent(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(reply: NotifyPrefsReply = prefsReply(), save?: (data: Record<string, unknown>) => Response) {
  const calls = mockFetch(
    apiResponder({
      'notify.prefs': () => json(reply),
      'notify.savePrefs': save ?? ((data) => json({ ...reply, ...(data as object), kinds: reply.kinds.map((k) => ({ ...k, ...(data.kinds as object[]).find((d) => (d as { kind: string }).kind === k.kind) })) })),
    }),
  );
  const root = createTestRoot('en');
  return { root, calls, store: new NotifyPrefsStore(root) };
}

describe('NotifyPrefsStore', () => {
  it('reads the preferences, edits a draft and saves it whole, saying so', async () => {
    const { root, calls, store } = setup();
    await store.load();
    expect(store.draft?.kinds.map((k) => k.kind)).toEqual([...NOTIFY_KINDS]);
    expect(store.isDirty).toBe(false);

    store.setChannel('likes', 'push', true);
    store.setDnd('enabled', true);
    store.setDnd('start', '23:15');
    store.setDigest(true);
    expect(store.isDirty).toBe(true);

    expect(await store.save()).toBe(true);
    const [input] = sent(calls, 'notify.savePrefs');
    expect(input.dnd).toEqual({ enabled: true, start: '23:15', end: '07:30', timeZone: 'Europe/Madrid' });
    expect(input.digest).toBe(true);
    expect((input.kinds as { kind: string; push: boolean }[]).find((k) => k.kind === 'likes')).toEqual({ kind: 'likes', site: true, push: true, email: false });
    expect(store.isDirty).toBe(false);
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Notification settings saved');
  });

  it("starts a member without a time zone from the browser's, and lists it among the zones", async () => {
    const reply = prefsReply();
    reply.dnd.timeZone = '';
    const { store } = setup(reply);
    await store.load();
    const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(store.draft?.dnd.timeZone).toBe(here);
    expect(timeZones('Mars/Olympus')).toContain('Mars/Olympus');
    expect(timeZones('')).toContain('UTC');
  });

  it('keeps a refusal for the field it names, and a refusal naming none for the form', async () => {
    const { store } = setup(prefsReply(), () =>
      json({ statusCode: 400, messages: ['The time must be HH:MM'], codes: ['notify.prefs.error.time'], field: 'dnd.start' }, 400),
    );
    await store.load();
    store.setDnd('start', '25:00');
    expect(await store.save()).toBe(false);
    expect(store.errorFor('dnd.start')).toBe('The time must be HH:MM');
    expect(store.errorFor('dnd.end')).toBeUndefined();
    expect(store.generalError).toBeUndefined();
    expect(store.isDirty).toBe(true);

    store.error = { field: null, message: 'busy' };
    expect(store.generalError).toBe('busy');
    store.discard();
    expect(store.isDirty).toBe(false);
    expect(store.error).toBeNull();
  });

  it('says which cells can change: site locked, push and email as the operators and the account allow', async () => {
    const reply = prefsReply({ hasEmail: false });
    const { store } = setup(reply);
    await store.load();
    const [messages] = store.draft!.kinds;
    const orders = store.draft!.kinds.find((k) => k.kind === 'orders')!;
    expect(store.editable(messages, 'site')).toBe(false);
    expect(store.editable(orders, 'site')).toBe(true);
    expect(store.editable(orders, 'push')).toBe(false);
    expect(store.editable(messages, 'push')).toBe(true);
    expect(store.editable(messages, 'email')).toBe(false);
  });

  it('sends only the fields notify.savePrefs takes', () => {
    const input = saveInputOf({ kinds: prefsReply().kinds, dnd: { enabled: false, start: '22:00', end: '07:30', timeZone: 'UTC' }, digest: false });
    expect(Object.keys(input.kinds[0]!)).toEqual(['kind', 'site', 'push', 'email']);
  });
});

describe('the console notify section', () => {
  it('saves every kind explicitly, so a missing kind and an enabled one compare equal', () => {
    const doc = explicitOperators({ push: { likes: false }, email: {}, emailDelayMinutes: 30, digest: false, digestHour: 6 });
    expect(doc.push.likes).toBe(false);
    expect(doc.push.messages).toBe(true);
    expect(Object.keys(doc.email)).toEqual([...NOTIFY_KINDS]);
    const draft = { notify: undefined } as unknown as SettingsDraft;
    expect(sectionValue(draft, 'notify')).toEqual(explicitOperators(undefined));
  });
});
