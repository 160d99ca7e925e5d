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
    expect(cellTexts(row).slice(0, 4)).toEqual(['1', 'Sea Breeze', 'Hotel', 'Vizag']);
    // No reviews yet: guests see the platform's rating and label.
    expect(within(row).getByTestId('guest-rating')).toHaveTextContent('8.5/10Rated 8.5 out of 10ExcellentNo reviews yet');
    expect(within(row).getByRole('link', { name: /Rooms List/ })).toHaveAttribute('href', `/admin/rooms/${stay.id}`);
    expect(within(row).getByRole('link', { name: /Add Room/ })).toHaveAttribute('href', `/admin/addRoom/${stay.id}`);
    expect(within(row).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', `/admin/editStay/${stay.id}`);
    expect(within(row).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    const card = screen.getByTestId('admin-stay-card');
    expect(card).toHaveTextContent('Sea Breeze');
    expect(within(card).getByRole('link', { name: 'Rooms List: Sea Breeze' })).toHaveAttribute('href', `/admin/rooms/${stay.id}`);
  });

  it("shows what guests see: the reviews' rating once there are some, 'New' (no rating, no label) before", () => {
    renderTable([
      aStay({ rating: 8.6, experience: 'Satisfactory', reviewsCount: 12, reviewsRating: 8.6 }),
      aStay({ id: '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c12', name: 'Fresh', rating: null, experience: null }),
    ]);
    const [first, second] = bodyRows() as [HTMLElement, HTMLElement];
    const shown = within(first).getByTestId('guest-rating');
    expect(within(shown).getByText('8.6/10')).toBeInTheDocument();
    expect(within(shown).getByText('Rated 8.6 out of 10')).toBeInTheDocument();
    expect(within(shown).getByText('Satisfactory')).toBeInTheDocument();
    expect(within(shown).getByTestId('reviews-count')).toHaveTextContent('12 reviews');
    expect(within(second).getByTestId('guest-rating')).toHaveTextContent('NewNew: not rated yetNo reviews yet');
    expect(within(second).getByTestId('guest-rating')).not.toHaveTextContent(/\/10|Good/);
    // The phone cards say the same.
    const cards = screen.getAllByTestId('admin-stay-card');
    expect(within(cards[0] as HTMLElement).getByTestId('guest-rating')).toHaveTextContent('Satisfactory12 reviews');
    expect(within(cards[1] as HTMLElement).getByTestId('guest-rating')).toHaveTextContent('NewNew: not rated yetNo reviews yet');
  });

  it('shows the spec empty text', () => {
    renderTable([]);
    expect(screen.getByText('No Hotels availble')).toBeInTheDocument();
  });
});
