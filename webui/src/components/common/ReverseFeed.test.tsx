import { render, screen } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { ReverseFeed, withTimeDividers } from './ReverseFeed';

interface Entry {
  id: string;
  at: number;
}

const MINUTE = 60_000;

describe('withTimeDividers', () => {
  it('puts a divider before the first entry and wherever two are further apart than the gap', () => {
    const entries = withTimeDividers<Entry>([{ id: 'a', at: 0 }, { id: 'b', at: 5 * MINUTE }, { id: 'c', at: 20 * MINUTE }], (e) => e.at, 10 * MINUTE);
    expect(entries.map((e) => e.divider)).toEqual([true, false, true]);
  });
});

describe('ReverseFeed', () => {
  it('lists the entries oldest first under the beginning line', async () => {
    render(
      <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 40 }}>
        <ReverseFeed<Entry>
          testId="feed"
          items={[{ id: 'a', at: 0 }, { id: 'b', at: 20 * MINUTE }]}
          keyOf={(e) => e.id}
          timeOf={(e) => e.at}
          dividerGapMs={10 * MINUTE}
          prepended={0}
          hasOlder={false}
          onLoadOlder={() => undefined}
          olderLabel="Loading older"
          beginningLabel="The beginning"
        >
          {(e) => <p data-testid="entry">{e.id}</p>}
        </ReverseFeed>
      </VirtuosoMockContext.Provider>,
    );
    expect(screen.getByText('The beginning')).toBeInTheDocument();
    expect((await screen.findAllByTestId('entry')).map((el) => el.textContent)).toEqual(['a', 'b']);
    expect(screen.getAllByTestId('time-divider')).toHaveLength(2);
  });
});
