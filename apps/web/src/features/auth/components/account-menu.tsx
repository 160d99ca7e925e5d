import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconClipboardList, IconMenu2, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { authCopy } from '../copy';

export type AccountMenuProps = {
  /** The signed-in guest's id (from the token claims): My Orders goes to /orders/{userId}. */
  userId: string;
  /** The guest's name when it is known, shown under the greeting. */
  name?: string;
};

/** The header's menu button: each click opens or closes a dropdown with the greeting, My Profile and My Orders. */
export function AccountMenu({ userId, name }: AccountMenuProps) {
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size={36} radius="md" aria-label={common.nav.accountMenu}>
          <IconMenu2 size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {authCopy.menu.greeting}
          </Text>
          {name ? (
            <Text size="xs" c="dimmed" truncate>
              {name}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.myProfile.getHref()} leftSection={<IconUserCircle size={18} aria-hidden />}>
          {common.nav.myProfile}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.orders.getHref(userId)} leftSection={<IconClipboardList size={18} aria-hidden />}>
          {common.nav.myOrders}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
