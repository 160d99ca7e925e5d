import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/testing/render';
import { FormActions } from './form-actions';

describe('FormActions', () => {
  it('offers Cancel before the submit button when the form can be left', async () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    renderUi(
      <form onSubmit={onSubmit}>
        <FormActions submitLabel="Save" pending={false} onCancel={onCancel} cancelLabel="Cancel" />
      </form>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Save']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows only the submit button without onCancel, busy while pending', () => {
    renderUi(<FormActions submitLabel="Save" pending cancelLabel="Cancel" />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAttribute('data-loading', 'true');
    expect(buttons[0]).toHaveAttribute('type', 'submit');
  });
});
