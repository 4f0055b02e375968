import { createTestRoot } from '../../test/stores';
import { ConnectionStore, type Connection } from './ConnectionStore';

interface Row {
  id: string;
  name: string;
}

/** A list whose pages the test answers when it wants to. */
class RowsStore extends ConnectionStore<Row> {
  readonly asked: { after: string; answer: (page: Connection<Row> | null) => void }[] = [];

  protected idOf(row: Row) {
    return row.id;
  }

  protected fetchConnection(after: string) {
    return new Promise<Connection<Row> | null>((answer) => this.asked.push({ after, answer }));
  }

  get names() {
    return [...this.data.values()].map((row) => row.name);
  }
}

const page = (rows: Row[], endCursor: string, hasNextPage: boolean): Connection<Row> => ({
  edges: rows.map((node) => ({ node })),
  pageInfo: { endCursor, hasNextPage },
});

describe('ConnectionStore', () => {
  it('reads the first page, follows endCursor while the server has more, and updates a row read again', async () => {
    const store = new RowsStore(createTestRoot('en'), 'RowsStore');
    const first = store.loadLatest();
    store.asked[0].answer(page([{ id: '1', name: 'ann' }], 'c1', true));
    await first;
    expect(store.asked[0].after).toBe('');
    expect(store.hasNewer).toBe(true);

    const more = store.loadMore();
    expect(store.asked[1].after).toBe('c1');
    store.asked[1].answer(page([{ id: '1', name: 'ann b.' }, { id: '2', name: 'bob' }], 'c2', false));
    await more;
    expect(store.names).toEqual(['ann b.', 'bob']);
    expect(store.hasNewer).toBe(false);

    await store.loadMore();
    expect(store.asked).toHaveLength(2);
  });

  it('stays unread when a page fails, and drops a page that answers after a reset', async () => {
    const store = new RowsStore(createTestRoot('en'), 'RowsStore');
    const failed = store.loadLatest();
    store.asked[0].answer(null);
    await failed;
    expect(store.isLoaded).toBe(false);

    const stale = store.loadLatest();
    store.reset();
    const fresh = store.loadLatest();
    store.asked[1].answer(page([{ id: '1', name: 'stale' }], 'c1', true));
    store.asked[2].answer(page([{ id: '2', name: 'fresh' }], '', false));
    await Promise.all([stale, fresh]);
    expect(store.names).toEqual(['fresh']);
    expect(store.hasNewer).toBe(false);
  });
});
