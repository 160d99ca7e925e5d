import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, textRe } from '@/testing/render';
import { useAfterSave } from './use-after-save';

function SaveButton() {
  const saved = useAfterSave();
  return (
    <button type="button" onClick={() => saved('Stay updated successfully', '/admin/dashboard')}>
      Save
    </button>
  );
}

describe('useAfterSave', () => {
  it('toasts the message and moves on to the next screen', async () => {
    renderRoute(<SaveButton />, { path: '/admin/editStay/1' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/dashboard');
    expect(await screen.findByText(textRe('Stay updated successfully'))).toBeInTheDocument();
  });
});
