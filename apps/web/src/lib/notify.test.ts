import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_ERROR } from './api-client';
import { toast } from './notify';

// What the toast host hands to Mantine's store (the host is loaded with the first toast).
const showToast = vi.fn();

const shown = async () => {
  await vi.waitFor(() => expect(showToast).toHaveBeenCalled());
  return vi.mocked(showToast).mock.calls.at(-1)?.[0];
};

describe('toast', () => {
  beforeEach(() => {
    showToast.mockClear();
    vi.spyOn(notifications, 'show').mockImplementation((data) => {
      showToast(data);
      return '';
    });
  });

  it('shows a toast 5000 ms by default and 2000 ms in the admin and booking areas', async () => {
    toast.success('Saved');
    expect(await shown()).toMatchObject({ message: 'Saved', color: 'teal', autoClose: 5000 });
    for (const area of ['admin', 'booking'] as const) {
      vi.mocked(showToast).mockClear();
      toast.error('Failed', area);
      expect(await shown()).toMatchObject({ message: 'Failed', color: 'red', autoClose: 2000 });
    }
  });

  it('gives the close button an accessible name', async () => {
    toast.success('Saved', 'booking');
    expect(await shown()).toMatchObject({ closeButtonProps: { 'aria-label': 'Close notification' } });
  });

  it('shows the server message of a failed call, or the generic text', async () => {
    toast.fromError(new ApiError('Room taken', 409), 'booking');
    expect(await shown()).toMatchObject({ message: 'Room taken', color: 'red', autoClose: 2000 });
    vi.mocked(showToast).mockClear();
    toast.fromError('not an error');
    expect(await shown()).toMatchObject({ message: GENERIC_ERROR, autoClose: 5000 });
  });
});
