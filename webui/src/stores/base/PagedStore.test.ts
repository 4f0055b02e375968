import { makeObservable, observable } from 'mobx';
import { createTestRoot } from '../../test/stores';
import type { RootStore } from '../RootStore';
import { PagedStore, type Page, type PageDirection } from './PagedStore';

interface ItemData {
  id: string;
  text: string;
}

class Item {
  text: string;
  constructor(readonly id: string, text: string) {
    this.text = text;
    makeObservable(this, { text: observable });
  }
}

/** A deferred answer the test hands over when it wants to. */
interface PendingPage {
  direction: PageDirection;
  cursor: string;
  answer: (page: Page<ItemData> | null) => void;
}

class ItemsStore extends PagedStore<Item, ItemData> {
  readonly pending: PendingPage[] = [];

  constructor(root: RootStore) {
    super(root, 'ItemsStore');
  }

  protected idOf(data: ItemData) {
    return data.id;
  }

  protected create(data: ItemData) {
    return new Item(data.id, data.text);
  }

  protected update(model: Item, data: ItemData) {
    model.text = data.text;
  }

  protected fetchPage(direction: PageDirection, cursor: string) {
    return new Promise<Page<ItemData> | null>((answer) => this.pending.push({ direction, cursor, answer }));
  }

  get ids() {
    return [...this.data.keys()].sort();
  }
}

const item = (n: number, text = `item ${n}`): ItemData => ({ id: String(n).padStart(2, '0'), text });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  return new ItemsStore(createTestRoot('en'));
}

describe('PagedStore', () => {
  it('loads the newest page once, then older and newer pages from their cursors', async () => {
    const store = setup();
    const latest = store.loadLatest();
    expect(store.isFetching).toBe(true);
    store.pending[0].answer({ items: [item(5), item(6)], olderCursor: 'before-5', hasOlder: true, newerCursor: 'after-6', hasNewer: true });
    await latest;
    expect(store.isFetching).toBe(false);
    expect(store.isLoaded).toBe(true);
    expect(store.ids).toEqual(['05', '06']);

    await store.loadLatest();
    expect(store.pending).toHaveLength(1);

    const older = store.loadOlder();
    expect(store.pending[1]).toMatchObject({ direction: 'older', cursor: 'before-5' });
    store.pending[1].answer({ items: [item(3), item(4), item(5)], olderCursor: '', hasOlder: false });
    await older;
    expect(store.ids).toEqual(['03', '04', '05', '06']);
    expect(store.prepended).toBe(2);
    expect(store.hasOlder).toBe(false);
    expect(store.hasNewer).toBe(true);

    const newer = store.loadNewer();
    expect(store.pending[2]).toMatchObject({ direction: 'newer', cursor: 'after-6' });
    store.pending[2].answer({ items: [item(7)], newerCursor: 'after-7', hasNewer: false });
    await newer;
    expect(store.ids).toEqual(['03', '04', '05', '06', '07']);
    expect(store.prepended).toBe(2);
    expect(store.hasNewer).toBe(false);

    await store.loadOlder();
    await store.loadNewer();
    expect(store.pending).toHaveLength(3);
  });

  it('shares a request in flight between concurrent callers', async () => {
    const store = setup();
    const first = store.loadLatest();
    const second = store.loadLatest();
    expect(store.pending).toHaveLength(1);
    store.pending[0].answer({ items: [item(1)], olderCursor: 'c1', hasOlder: true });
    await Promise.all([first, second]);

    const olderA = store.loadOlder();
    const olderB = store.loadOlder();
    expect(store.pending).toHaveLength(2);
    store.pending[1].answer({ items: [item(0)], hasOlder: false });
    await Promise.all([olderA, olderB]);
    expect(store.ids).toEqual(['00', '01']);
  });

  it('updates the model held when a live event or a page repeats it', async () => {
    const store = setup();
    const latest = store.loadLatest();
    store.pending[0].answer({ items: [item(1, 'first')] });
    await latest;
    const held = store.get('01');
    store.receive(item(1, 'edited'));
    expect(store.get('01')).toBe(held);
    expect(held?.text).toBe('edited');
    store.receive(item(2, 'live'));
    expect(store.ids).toEqual(['01', '02']);
    expect(store.prepended).toBe(0);
  });

  it('drops a page that answers after a reset, and does not share it with the next load', async () => {
    const store = setup();
    const stale = store.loadLatest();
    store.reset();
    expect(store.isFetching).toBe(false);

    const fresh = store.loadLatest();
    expect(store.pending).toHaveLength(2);
    store.pending[0].answer({ items: [item(1, 'stale')], olderCursor: 'stale', hasOlder: true });
    await stale;
    expect(store.ids).toEqual([]);
    expect(store.isLoaded).toBe(false);
    expect(store.isFetching).toBe(true);

    store.pending[1].answer({ items: [item(2, 'fresh')] });
    await fresh;
    expect(store.ids).toEqual(['02']);
    expect(store.hasOlder).toBe(false);
    expect(store.isFetching).toBe(false);
    await flush();
  });

  it('applies the rest of a reply with its items, and not when the request failed', async () => {
    const store = setup();
    const applied: string[] = [];
    const failed = store.loadLatest();
    store.pending[0].answer(null);
    await failed;
    expect(store.isLoaded).toBe(false);
    expect(store.isFetching).toBe(false);

    const latest = store.loadLatest();
    store.pending[1].answer({ items: [item(1)], apply: () => applied.push(`held ${store.data.size}`) });
    await latest;
    expect(applied).toEqual(['held 1']);
  });
});
