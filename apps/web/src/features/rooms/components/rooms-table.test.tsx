import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadedQuery } from '@/testing/list-query';
import { renderUi } from '@/testing/render';
import { bodyRows, cardFields, cellTexts, headerTexts, inTable, rowCards } from '@/testing/table';
import type { AdminRoomRow } from '../api/get-admin-rooms';
import { ROOMS_COPY } from '../copy';
import { RoomsTable } from './rooms-table';

const row = (number: number, title = 'Deluxe'): AdminRoomRow => ({
  roomTypeId: `00000000-0000-4000-8000-00000000000${number % 10}`,
  roomNumberId: `10000000-0000-4000-8000-0000000${String(number).padStart(5, '0')}`,
  stayName: 'Sea Breeze',
  number,
  price: 2500,
  weekendPrice: null,
  minNights: 1,
  title,
});

const renderTable = (rooms: AdminRoomRow[], onDelete = vi.fn(async () => {})) => {
  renderUi(<RoomsTable rooms={loadedQuery(rooms)} onDelete={onDelete} />);
  return onDelete;
};

describe('RoomsTable', () => {
  it('shows the spec columns, sorted by room number', () => {
    renderTable([row(203, 'Suite'), row(101), row(102)]);
    expect(headerTexts()).toEqual(['S.No', 'Stay Name', 'Room Number', 'Price', 'Title', 'Actions']);
    const rows = bodyRows();
    expect(rows.map((r) => cellTexts(r)[2])).toEqual(['101', '102', '203']);
    expect(cellTexts(rows[0])[0]).toBe('1');
    expect(within(rows[2] as HTMLElement).getByText('Suite')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('₹2,500')).toBeInTheDocument();
  });

  it('shows the spec empty text', () => {
    renderTable([]);
    expect(screen.getByText('No Rooms availble')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('deletes only after the admin confirms', async () => {
    const onDelete = renderTable([row(101), row(102)]);
    await userEvent.click(inTable().getByRole('button', { name: `${ROOMS_COPY.delete}: 102` }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: ROOMS_COPY.confirmNo }));
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(inTable().getByRole('button', { name: `${ROOMS_COPY.delete}: 102` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ROOMS_COPY.confirmYes }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledOnce());
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ number: 102 }));
  });

  it('on a phone, shows every column of each room, the whole price and Delete in a card', () => {
    renderTable([row(203, 'Suite'), row(101)]);
    const cards = rowCards();
    expect(cards.map(cardFields)).toEqual([
      ['S.No: 1', 'Stay Name: Sea Breeze', 'Room Number: 101', 'Price: ₹2,500', 'Title: Deluxe'],
      ['S.No: 2', 'Stay Name: Sea Breeze', 'Room Number: 203', 'Price: ₹2,500', 'Title: Suite'],
    ]);
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: `${ROOMS_COPY.delete}: 203` })).toBeInTheDocument();
  });
});
