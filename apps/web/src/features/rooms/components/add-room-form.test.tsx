import { MSG } from '@repo/shared/constants/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render';
import { ROOMS_COPY } from '../copy';
import { AddRoomForm } from './add-room-form';

const f = ROOMS_COPY.form;
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()₹]/g, '.')}`));

const renderForm = () => {
  const onSubmit = vi.fn(async () => {});
  renderUi(<AddRoomForm onSubmit={onSubmit} />);
  return onSubmit;
};

describe('AddRoomForm', () => {
  it('requires a room number with the spec message', async () => {
    const onSubmit = renderForm();
    await userEvent.type(field(f.title), 'Deluxe');
    await userEvent.type(field(f.price), '2500');
    await userEvent.click(screen.getByRole('button', { name: f.submit }));
    expect(await screen.findByText(MSG.roomNumberRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the room numbers as whole numbers', async () => {
    const onSubmit = renderForm();
    await userEvent.type(field(f.title), 'Deluxe');
    await userEvent.type(field(f.price), '2500');
    await userEvent.type(screen.getByPlaceholderText(f.roomNumbersPlaceholder), '101{enter}102{enter}');
    await userEvent.click(screen.getByRole('button', { name: f.submit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Deluxe',
      description: '',
      price: 2500,
      weekendPrice: null,
      minNights: 1,
      maxPeople: 2,
      roomNumbers: [101, 102],
    });
  });

  it('sends a weekend price and minimum nights when given', async () => {
    const onSubmit = renderForm();
    await userEvent.type(field(f.title), 'Deluxe');
    await userEvent.type(field(f.price), '2500');
    await userEvent.type(field(f.weekendPrice), '3200');
    const minNights = field(f.minNights);
    await userEvent.type(screen.getByPlaceholderText(f.roomNumbersPlaceholder), '101{enter}');
    await userEvent.clear(minNights);
    await userEvent.type(minNights, '2');
    await userEvent.click(screen.getByRole('button', { name: f.submit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ price: 2500, weekendPrice: 3200, minNights: 2 }));
  });
});
