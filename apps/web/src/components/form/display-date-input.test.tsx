import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render';
import { DisplayDateInput } from './display-date-input';

function Field({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DisplayDateInput
      label="Staying from"
      clearable
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('DisplayDateInput', () => {
  it('shows and takes dates as dd/MM/yyyy, and gives them as yyyy-MM-dd', async () => {
    const onChange = vi.fn();
    renderUi(<Field initial="2026-12-01" onChange={onChange} />);
    const input = screen.getByLabelText('Staying from');
    expect(input).toHaveValue('01/12/2026');
    await userEvent.clear(input);
    await userEvent.type(input, '05/01/2027');
    expect(onChange).toHaveBeenLastCalledWith('2027-01-05');
  });

  it("names its calendar's controls for screen readers", async () => {
    renderUi(<Field initial="2026-12-01" onChange={() => {}} />);
    await userEvent.click(screen.getByLabelText('Staying from'));
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
  });
});
