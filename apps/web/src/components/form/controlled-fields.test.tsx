import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render';
import { messageOf, MultiSelectField, NumberField, RupeesField, SelectField, TagsField, YesNoField } from './controlled-fields';

type Values = { guests: number; price: number; size: string; open: boolean; admin: string; rooms: number[]; extras: string[] };

function Form({ onValid }: { onValid: (values: Values) => void }) {
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: { guests: 2, price: 0, size: 'S', open: false, admin: 'Yes', rooms: [101, 102], extras: ['Spa'] },
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <NumberField control={control} name="guests" label="Guests" min={1} />
      <RupeesField control={control} name="price" label="Price" />
      <SelectField control={control} name="size" label="Size" data={['S', 'M']} />
      <YesNoField control={control} name="open" label="Open" options={['Yes', 'No']} />
      <YesNoField control={control} name="admin" label="Admin" options={['Sure', 'Nope']} values={['Yes', 'No']} />
      <TagsField control={control} name="rooms" label="Rooms" />
      <MultiSelectField control={control} name="extras" label="Extras" data={['Spa', 'Pool']} />
      <button type="button" onClick={() => setError('price', { message: 'Too low' })}>
        Check
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

describe('controlled fields', () => {
  it('show the form values, rupees grouped the Indian way, and send what was entered', async () => {
    const onValid = vi.fn();
    renderUi(<Form onValid={onValid} />);
    expect(screen.getByLabelText('Guests')).toHaveValue('2');
    const open = screen.getAllByLabelText('Open')[0] as HTMLElement;
    expect(open).toHaveValue('No');
    expect(screen.getAllByLabelText('Admin')[0]).toHaveValue('Sure');
    expect(screen.getByText('101')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Guests'));
    await userEvent.type(screen.getByLabelText('Guests'), '4');
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '125000');
    expect(screen.getByLabelText('Price')).toHaveValue('₹1,25,000');
    await userEvent.click(open);
    await userEvent.click(await screen.findByRole('option', { name: 'Yes', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(
      { guests: 4, price: 125000, size: 'S', open: true, admin: 'Yes', rooms: [101, 102], extras: ['Spa'] },
      expect.anything(),
    );
  });

  it('show the field’s message under it', async () => {
    renderUi(<Form onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Too low')).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('messageOf', () => {
  it('reads a field’s message, or the first item’s message of a list', () => {
    expect(messageOf(undefined)).toBeUndefined();
    expect(messageOf({ type: 'min', message: 'Too short' })).toBe('Too short');
    expect(messageOf([undefined, { type: 'int', message: 'Whole numbers only' }])).toBe('Whole numbers only');
  });
});
