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
    // No reviews yet: guests see the owner's own rating and label.
    expect(within(row).getByTestId('guest-rating')).toHaveTextContent('8.5/10Rated 8.5 out of 10ExcellentNo reviews yet');
    expect(within(row).queryByTestId('own-rating')).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Rooms List/ })).toHaveAttribute('href', `/admin/rooms/${stay.id}`);
    expect(within(row).getByRole('link', { name: /Add Room/ })).toHaveAttribute('href', `/admin/addRoom/${stay.id}`);
    expect(within(row).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', `/admin/editStay/${stay.id}`);
    expect(within(row).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    const card = screen.getByTestId('admin-stay-card');
    expect(card).toHaveTextContent('Sea Breeze');
    expect(within(card).getByRole('link', { name: 'Rooms List: Sea Breeze' })).toHaveAttribute('href', `/admin/rooms/${stay.id}`);
  });

  it("shows what guests see once the stay has reviews, and the owner's own value marked as theirs when it differs", () => {
    renderTable([
      aStay({ rating: 9.5, experience: 'Excellent', reviewsCount: 12, reviewsRating: 8.6 }),
      aStay({
        id: '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c12',
        name: 'Same',
        rating: 9,
        experience: 'Excellent',
        reviewsCount: 1,
        reviewsRating: 9,
      }),
    ]);
    const [first, second] = bodyRows() as [HTMLElement, HTMLElement];
    const shown = within(first).getByTestId('guest-rating');
    expect(within(shown).getByText('8.6/10')).toBeInTheDocument();
    expect(within(shown).getByText('Rated 8.6 out of 10')).toBeInTheDocument();
    expect(within(shown).getByText('Satisfactory')).toBeInTheDocument();
    expect(within(shown).getByTestId('reviews-count')).toHaveTextContent('12 reviews');
    expect(within(shown).getByTestId('own-rating')).toHaveTextContent('Yours: 9.5/10 · Excellent');
    // The same value: nothing of the owner's is repeated.
    expect(within(second).getByTestId('guest-rating')).toHaveTextContent('9/10Rated 9 out of 10Excellent1 review');
    expect(within(second).queryByTestId('own-rating')).not.toBeInTheDocument();
    // The phone cards say the same.
    const [card] = screen.getAllByTestId('admin-stay-card') as [HTMLElement];
    expect(within(card).getByTestId('guest-rating')).toHaveTextContent('Satisfactory12 reviews');
    expect(within(card).getByTestId('own-rating')).toHaveTextContent('Yours: 9.5/10 · Excellent');
  });

  it('shows the spec empty text', () => {
    renderTable([]);
    expect(screen.getByText('No Hotels availble')).toBeInTheDocument();
  });
});
