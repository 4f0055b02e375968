import { act } from '@testing-library/react';
import { mediaViewer } from '../test/media';
import { createTestRoot } from '../test/stores';
import { DRAFT_SAVE_DELAY_MS, MAX_DRAFTS, draftsKey, isBlank, newDraft, normalizeDraft, type Draft } from './DraftsStore';

function signedInRoot(id = '42') {
  const root = createTestRoot('en');
  root.auth.setViewer(mediaViewer({}, id));
  return root;
}

function written(title: string, kind: Draft['kind'] = 'normal'): Draft {
  return { ...newDraft(kind), title };
}

function stored(userId = '42'): Draft[] {
  return JSON.parse(localStorage.getItem(draftsKey(userId)) ?? '[]') as Draft[];
}

describe('DraftsStore', () => {
  it('keeps each member’s drafts apart and has none for a guest', () => {
    const root = signedInRoot('42');
    root.drafts.save(written('mine'));
    expect(root.drafts.count).toBe(1);
    expect(stored('42')).toHaveLength(1);

    act(() => root.auth.setViewer(mediaViewer({}, '7')));
    expect(root.drafts.count).toBe(0);
    act(() => root.auth.setViewer(null));
    expect(root.drafts.count).toBe(0);
    act(() => root.auth.setViewer(mediaViewer({}, '42')));
    expect(root.drafts.sorted.map((draft) => draft.title)).toEqual(['mine']);
  });

  it('does not keep a blank draft, and removes one that became blank', () => {
    const root = signedInRoot();
    const draft = newDraft('vote');
    root.drafts.save(draft);
    expect(root.drafts.count).toBe(0);
    expect(localStorage.getItem(draftsKey('42'))).toBeNull();

    draft.title = 'Lunch?';
    root.drafts.save(draft);
    expect(root.drafts.count).toBe(1);
    draft.title = '';
    root.drafts.save(draft);
    expect(root.drafts.count).toBe(0);
    expect(localStorage.getItem(draftsKey('42'))).toBeNull();
  });

  it('counts a picture alone, or a vote option, as something written', () => {
    expect(isBlank({ ...newDraft('normal'), content: '<p></p>' })).toBe(true);
    expect(isBlank({ ...newDraft('normal'), content: '<p><img src="/a.png"></p>' })).toBe(false);
    const vote = newDraft('vote');
    vote.vote.options[1] = 'Tea';
    expect(isBlank(vote)).toBe(false);
  });

  it('saves typing once, after the debounce, with the last text', () => {
    vi.useFakeTimers();
    try {
      const root = signedInRoot();
      const draft = written('H');
      root.drafts.scheduleSave(draft);
      draft.title = 'Hello';
      root.drafts.scheduleSave(draft);
      vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 1);
      expect(root.drafts.count).toBe(0);
      vi.advanceTimersByTime(1);
      expect(root.drafts.get(draft.id)?.title).toBe('Hello');
      expect(stored()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes pending saves on flush, and drops a pending save of a removed draft', () => {
    vi.useFakeTimers();
    try {
      const root = signedInRoot();
      const kept = written('kept');
      const dropped = written('dropped');
      root.drafts.scheduleSave(kept);
      root.drafts.scheduleSave(dropped);
      root.drafts.remove(dropped.id);
      root.drafts.flush();
      expect(root.drafts.sorted.map((draft) => draft.title)).toEqual(['kept']);
      vi.runAllTimers();
      expect(root.drafts.count).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most MAX_DRAFTS, the latest first', () => {
    const root = signedInRoot();
    for (let n = 0; n <= MAX_DRAFTS; n += 1) root.drafts.save(written(`draft ${n}`), 1000 + n);
    expect(root.drafts.count).toBe(MAX_DRAFTS);
    expect(root.drafts.sorted[0]!.title).toBe(`draft ${MAX_DRAFTS}`);
    expect(root.drafts.drafts.some((draft) => draft.title === 'draft 0')).toBe(false);
  });

  it('reads damaged storage without failing, and fills what older copies lack', () => {
    localStorage.setItem(
      draftsKey('42'),
      JSON.stringify([{ id: 'a1', kind: 'bounty', title: 'Old', bounty: { type: 'credit', value: '30' } }, { id: 'x', kind: 'poem' }, 'junk', null]),
    );
    const root = signedInRoot();
    expect(root.drafts.count).toBe(1);
    const draft = root.drafts.get('a1')!;
    expect(draft.bounty).toEqual({ type: 'credit', currency: '', value: '30', deadline: null });
    expect(draft.vote.options).toEqual(['', '']);
    expect(draft.gate.type).toBe('free');

    localStorage.setItem(draftsKey('7'), '{not json');
    act(() => root.auth.setViewer(mediaViewer({}, '7')));
    expect(root.drafts.count).toBe(0);
    expect(normalizeDraft({ kind: 'normal' })).toBeNull();
  });

  it('follows another tab through the storage event', () => {
    const root = signedInRoot();
    const other = written('from another tab');
    localStorage.setItem(draftsKey('42'), JSON.stringify([{ ...other, updatedAt: 5 }]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: draftsKey('42') }));
    });
    expect(root.drafts.get(other.id)?.title).toBe('from another tab');
  });
});
