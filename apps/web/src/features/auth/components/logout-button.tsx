import { Button, type ButtonProps } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { common } from '@/copy/common';
import { toast } from '@/lib/notify';
import { useLogout } from '../api/logout';
import { type Area, areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';

/**
 * 'Logout' for either area: ends the session, toasts 'Logged Out Successfully', clears all locally stored data and
 * goes to / (guest) or /admin (admin). A failure is toasted and logged.
 */
export function LogoutButton({ area, onDone, ...props }: ButtonProps & { area: Area; onDone?: () => void }) {
  const navigate = useNavigate();
  const mutation = useLogout(area);
  const tArea = toastAreaOf(area);
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={16} aria-hidden />}
      loading={mutation.isPending}
      onClick={async () => {
        try {
          // Success clears all stored data first, which unmounts this button: the steps below run regardless.
          await mutation.mutateAsync();
        } catch (err) {
          console.warn('Logout failed:', err);
          toast.fromError(err, tArea);
          return;
        }
        toast.success(authCopy.logout.done, tArea);
        onDone?.();
        navigate(areaRoutes(area).afterLogout, { replace: true });
      }}
      {...props}
    >
      {common.nav.logout}
    </Button>
  );
}
