import { MantineProvider } from '@mantine/core';
import type { StayDto } from '@repo/shared/schemas/stay';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/theme';
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
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <AdminStaysTable stays={stays} onDelete={vi.fn(async () => {})} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('AdminStaysTable', () => {
  it('shows the spec columns and the room and edit links', () => {
    renderTable([stay]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'S.No',
      'Name',
      'Type',
      'City',
      'Rating',
      'Rooms',
      'Actions',
    ]);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['1', 'Sea Breeze', 'Hotel', 'Vizag', '8.5/10']);
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
