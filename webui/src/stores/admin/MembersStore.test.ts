import { memberDetail, memberRow, membersPage } from '../../test/adminMembers';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { MemberDetailStore } from './MemberDetailStore';
import { MembersStore } from './MembersStore';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

describe('MembersStore', () => {
  it('lists the newest first and drops a page that answers a search no longer wanted', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(
      apiResponder({
        'admin.members': (data) => (data.q === 'slow' ? (new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response) : json(membersPage([memberRow(1), memberRow(3), memberRow(2)]))),
      }),
    );
    const members = new MembersStore(createTestRoot());
    members.search('slow');
    members.search('');
    await vi.waitFor(() => expect(members.isLoaded).toBe(true));
    answer(json(membersPage([memberRow(9)])));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(members.ordered.map((row) => row.name)).toEqual(['Member 3', 'Member 2', 'Member 1']);
  });

  it('updates a held row in place and leaves out one it does not hold', async () => {
    mockFetch(apiResponder({ 'admin.members': () => json(membersPage([memberRow(1)])) }));
    const members = new MembersStore(createTestRoot());
    await members.loadLatest();
    members.updateRow(memberRow(1, { banned: true }));
    members.updateRow(memberRow(5));
    expect(members.ordered.map((row) => [row.name, row.banned])).toEqual([['Member 1', true]]);
  });
});

describe('MemberDetailStore', () => {
  it('sends each VIP operation with the fields it takes, reads the member again and reports the row', async () => {
    const calls = mockFetch(apiResponder({ 'admin.member': () => json(memberDetail(2)), 'admin.setVip': () => json({ ok: true }) }));
    const changed: string[] = [];
    const store = new MemberDetailStore(createTestRoot(), '102', (row) => changed.push(row.databaseId));
    await store.setVip('grant', 'gold', 0);
    await store.setVip('extend', 'gold', 30);
    await store.setVip('revoke', 'gold', 30);
    expect(requests(calls, 'admin.setVip')).toEqual([
      { userId: '102', op: 'grant', vipKey: 'gold', days: 0 },
      { userId: '102', op: 'extend', days: 30 },
      { userId: '102', op: 'revoke' },
    ]);
    expect(requests(calls, 'admin.member')).toHaveLength(3);
    expect(changed).toEqual(['102', '102', '102']);
  });

  it('keeps a refusal for its form and clears it when tried again', async () => {
    let refuse = true;
    mockFetch(
      apiResponder({
        'admin.member': () => json(memberDetail(2)),
        'admin.ban': () => (refuse ? json({ statusCode: 409, messages: ['Demote the administrator first.'] }, 409) : json({ ok: true })),
      }),
    );
    const store = new MemberDetailStore(createTestRoot(), '102');
    expect(await store.ban('  spam  ', 0)).toBeNull();
    expect(store.errors.get('ban')).toBe('Demote the administrator first.');
    refuse = false;
    expect(await store.ban('spam', 0)).toEqual({ ok: true });
    expect(store.errors.has('ban')).toBe(false);
  });

  it('says the member is not found when the first read fails', async () => {
    mockFetch(apiResponder({ 'admin.member': () => json({ statusCode: 404, messages: ['No such member.'] }, 404) }));
    const store = new MemberDetailStore(createTestRoot(), '999');
    await store.load();
    expect(store.failed).toBe(true);
    expect(store.detail).toBeNull();
  });
});
