import { Divider, NavLink, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconHeart, IconMessageReport, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PopoverHostProps } from '@/components/ui/deferred-popover';
import PopoverHost from '@/components/ui/popover-host';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { authCopy } from '../copy';

export type AccountMenuDropdownProps = PopoverHostProps & {
  userId: string;
  name?: string;
  close: () => void;
};

/** The account menu's popover (loaded with the menu's first use): the greeting, My Profile, My Orders, Saved and My complaints. */
export default function AccountMenuDropdown({ userId, name, close, ...host }: AccountMenuDropdownProps) {
  return (
    <PopoverHost {...host} dropdownProps={{ p: 6 }}>
      <Stack gap={0} px="sm" pt={6} pb={8}>
        <Text fw={700} size="sm">
          {authCopy.menu.greeting}
        </Text>
        {name ? (
          <Text size="xs" c="dimmed" truncate>
            {name}
          </Text>
        ) : null}
      </Stack>
      <Divider mb={4} />
      <NavLink
        component={Link}
        to={paths.myProfile.getHref()}
        label={common.nav.myProfile}
        leftSection={<IconUserCircle size={18} aria-hidden />}
        onClick={close}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
      <NavLink
        component={Link}
        to={paths.orders.getHref(userId)}
        label={common.nav.myOrders}
        leftSection={<IconClipboardList size={18} aria-hidden />}
        onClick={close}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
      <NavLink
        component={Link}
        to={paths.saved.getHref()}
        label={common.nav.saved}
        leftSection={<IconHeart size={18} aria-hidden />}
        onClick={close}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
      <NavLink
        component={Link}
        to={paths.complaints.getHref()}
        label={common.nav.myComplaints}
        leftSection={<IconMessageReport size={18} aria-hidden />}
        onClick={close}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    </PopoverHost>
  );
}
