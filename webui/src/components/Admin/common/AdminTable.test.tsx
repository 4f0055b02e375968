import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Users } from 'lucide-react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { renderWithStores } from '../../../test/render';
import { AdminTable, type AdminColumn } from './AdminTable';

interface Row {
  id: string;
  name: string;
}

const columns: AdminColumn<Row>[] = [
  { key: 'name', header: 'Name', bare: true, cell: (row) => row.name },
  { key: 'id', header: 'Id', width: '4rem', cell: (row) => row.id },
];

function renderTable(props: Partial<Parameters<typeof AdminTable<Row>>[0]> = {}) {
  const onEndReached = vi.fn();
  const onRowClick = vi.fn();
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 40 }}>
      <AdminTable<Row>
        label="People"
        rows={[
          { id: '1', name: 'Ann' },
          { id: '2', name: 'Bo' },
        ]}
        rowKey={(row) => row.id}
        columns={columns}
        loading={false}
        hasMore={false}
        onEndReached={onEndReached}
        onRowClick={onRowClick}
        emptyIcon={Users}
        emptyTitle="Nobody"
        rowTestId="row"
        {...props}
      />
    </VirtuosoMockContext.Provider>,
  );
  return { onEndReached, onRowClick };
}

describe('AdminTable', () => {
  it('shows each value with its column label for a phone, except a bare column, and opens a row by click or Enter', async () => {
    const user = userEvent.setup();
    const { onRowClick } = renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    const rows = within(table).getAllByTestId('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Ann', 'Id1']);
    await user.click(within(rows[1]).getByText('Bo'));
    rows[0].focus();
    await user.keyboard('{Enter}');
    expect(onRowClick.mock.calls.map(([row]) => row.name)).toEqual(['Bo', 'Ann']);
  });

  it('says when it is empty', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('Nobody')).toBeInTheDocument();
  });

  it('offers more rows while the server has them', async () => {
    const user = userEvent.setup();
    const { onEndReached } = renderTable({ hasMore: true });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onEndReached).toHaveBeenCalled();
  });

  it('selects rows one by one or all at once', async () => {
    const user = userEvent.setup();
    const selected = new Set<string>(['1']);
    const onToggle = vi.fn();
    const onToggleAll = vi.fn();
    const { onRowClick } = renderTable({ selection: { selected, onToggle, onToggleAll, rowLabel: (row) => `Select ${row.name}` } });
    expect(screen.getByRole('checkbox', { name: 'Select Ann' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Bo' }));
    expect(onToggle).toHaveBeenCalledWith('2', { id: '2', name: 'Bo' });
    // Ticking a box does not open the row.
    expect(onRowClick).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows shown' }));
    expect(onToggleAll).toHaveBeenCalledWith(true);
  });
});
