import type { StayDto } from '@repo/shared/schemas/stay';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadedQuery } from '@/testing/list-query';
import { renderUi } from '@/testing/render';
import { bodyRows, cellTexts, headerTexts } from '@/testing/table';
import { AdminStaysTable } from './admin-stays-table';

const stay: StayDto = {
  id: '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c11',
  name: 'Sea Breeze',
  type: 'Hotel',
  title: '',
  address: 'Beach Road',
  city: 'vizag',
  distance: 3,
  description: '',
  overview: '',
  lowestPrice: 2500,
  amenities: [],
  rating: 8.5,
  experience: 'Excellent',
  featured: false,
  hotelImage: null,
  roomImages: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

const renderTable = (stays: StayDto[]) =>
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
