import { IconEdit } from '@tabler/icons-react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failedQuery, loadedQuery, pendingQuery } from '@/testing/list-query';
import { renderUi } from '@/testing/render';
import { bodyRows, cardFields, cellTexts, headerTexts, inTable, rowCards } from '@/testing/table';
import { AdminTable, type AdminTableProps, type ListQuery } from './admin-table';

type Row = { id: string; name: string; size: number };
const rows: Row[] = [
  { id: 'b', name: 'Beta', size: 2 },
  { id: 'a', name: 'Alpha', size: 1 },
];

const copy = {
  columns: { sno: 'No.', actions: 'Do' },
  empty: 'Nothing here',
  loading: 'Loading rows',
  listError: 'Rows failed',
  retry: 'Again',
  delete: 'Remove',
  confirmTitle: 'Remove row',
  confirmYes: 'Yes, remove',
  confirmNo: 'Keep',
};

/** The table's props: a name and a size column, Delete on every row. */
const tableProps = (query: ListQuery<Row>): AdminTableProps<Row> => ({
  query,
  copy,
  minWidth: 400,
  rowKey: (row) => row.id,
  rowName: (row) => row.name,
  columns: [
    { header: 'Name', cell: (row) => row.name },
    { header: 'Size', cell: (row) => row.size },
  ],
  onDelete: vi.fn(async () => {}),
  confirmText: (row) => `Remove ${row.name}?`,
});

const renderTable = (query: ListQuery<Row>, overrides: Partial<AdminTableProps<Row>> = {}) => {
  const props = { ...tableProps(query), ...overrides };
  renderUi(<AdminTable {...props} />);
  return props.onDelete;
};

describe('AdminTable', () => {
  it('shows busy skeleton rows while the list loads', () => {
    renderTable(pendingQuery());
    expect(screen.getByLabelText(copy.loading)).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with its message and a retry that refetches', async () => {
    const query = failedQuery<Row>('Server down');
    renderTable(query);
    expect(screen.getByText(copy.listError)).toBeInTheDocument();
    expect(screen.getByText('Server down')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: copy.retry }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty text instead of a table', () => {
    renderTable(loadedQuery([]));
    expect(screen.getByText(copy.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('numbers the rows, shows the columns in order and the row actions last', () => {
    renderTable(loadedQuery(rows), {
      order: (x, y) => x.size - y.size,
      actions: (row) => [{ label: 'Edit', icon: IconEdit, variant: 'default', to: `/edit/${row.id}` }],
    });
    expect(headerTexts()).toEqual(['No.', 'Name', 'Size', 'Do']);
    const [first, second] = bodyRows();
    expect(cellTexts(first).slice(0, 3)).toEqual(['1', 'Alpha', '1']);
    expect(cellTexts(second)[1]).toBe('Beta');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Edit: Alpha' })).toHaveAttribute('href', '/edit/a');
  });

  it('deletes only after the admin confirms, and only rows that allow it', async () => {
    const onDelete = renderTable(loadedQuery(rows), { canDelete: (row) => row.id !== 'a' });
    expect(inTable().queryByRole('button', { name: 'Remove: Alpha' })).not.toBeInTheDocument();
    await userEvent.click(inTable().getByRole('button', { name: 'Remove: Beta' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Beta?');
    await userEvent.click(within(dialog).getByRole('button', { name: copy.confirmNo }));
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(inTable().getByRole('button', { name: 'Remove: Beta' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: copy.confirmYes }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(rows[0]));
  });

  it('renders the phone cards with each row’s actions, Delete included', () => {
    renderTable(loadedQuery(rows), {
      cards: (cardRows, actionsOf) => (
        <ul>
          {cardRows.map((row) => (
            <li key={row.id} data-testid="card">
              {actionsOf(row)
                .map((a) => a.label)
                .join(',')}
            </li>
          ))}
        </ul>
      ),
    });
    expect(screen.getAllByTestId('card').map((c) => c.textContent)).toEqual(['Remove', 'Remove']);
  });

  it('without its own cards, shows a card per row with S.No, every column and the row’s buttons', () => {
    renderTable(loadedQuery(rows), {
      actions: (row) => [{ label: 'Edit', icon: IconEdit, variant: 'default', to: `/edit/${row.id}` }],
    });
    const cards = rowCards();
    expect(cards.map(cardFields)).toEqual([
      ['No.: 1', 'Name: Beta', 'Size: 2'],
      ['No.: 2', 'Name: Alpha', 'Size: 1'],
    ]);
    const buttons = within(cards[0] as HTMLElement).getByRole('group', { name: 'Do: Beta' });
    expect(within(buttons).getByRole('link', { name: 'Edit: Beta' })).toHaveAttribute('href', '/edit/b');
    expect(within(buttons).getByRole('button', { name: 'Remove: Beta' })).toBeInTheDocument();
    // The table is for wider screens and the cards for phones (Mantine's visibleFrom / hiddenFrom classes).
    expect(screen.getByRole('table').closest('.mantine-visible-from-sm')).not.toBeNull();
    expect((cards[0] as HTMLElement).closest('ol')).toHaveClass('mantine-hidden-from-sm');
  });
});
