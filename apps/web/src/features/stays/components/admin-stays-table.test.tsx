import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aStay } from '@/testing/fixtures';
import { loadedQuery } from '@/testing/list-query';
import { renderUi } from '@/testing/render';
import { bodyRows, cellTexts, headerTexts } from '@/testing/table';
import { AdminStaysTable } from './admin-stays-table';

const stay = aStay();

const renderTable = (stays: ReturnType<typeof aStay>[]) =>
  renderUi(<AdminStaysTable stays={loadedQuery(stays)} onDelete={vi.fn(async () => {})} />);

describe('AdminStaysTable', () => {
  it('shows the spec columns and the room and edit links', () => {
    renderTable([stay]);
    expect(headerTexts()).toEqual(['S.No', 'Name', 'Type', 'City', 'Rating', 'Rooms', 'Actions']);
    const [row] = bodyRows() as [HTMLElement];
    expect(cellTexts(row).slice(0, 5)).toEqual(['1', 'Sea Breeze', 'Hotel', 'Vizag', '8.5/10']);
    expect(within(row).getByRole('link', { name: /Rooms List/ })).toHaveAttribute('href', `/admin/rooms/${stay.id}`);
    expect(within(row).getByRole('link', { name: /Add Room/ })).toHaveAttribute('href', `/admin/addRoom/${stay.id}`);
    expect(within(row).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', `/admin/editStay/${stay.id}`);
    expect(within(row).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    const card = screen.getByTestId('admin-stay-card');
    expect(card).toHaveTextContent('Sea Breeze');
    expect(within(card).getByRole('link', { name: 'Rooms List: Sea Breeze' })).toHaveAttribute('href', `/admin/rooms/${stay.id}`);
  });

  it('shows the spec empty text', () => {
    renderTable([]);
    expect(screen.getByText('No Hotels availble')).toBeInTheDocument();
  });
});
