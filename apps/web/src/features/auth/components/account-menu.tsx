import { ActionIcon, Divider, NavLink, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
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

/**
 * The header's menu button: each click opens or closes a dropdown with the greeting, My Profile and My Orders
 * (SPEC §2). Plain links in a labelled popover, so screen readers and keyboards treat them as navigation.
 */
export function AccountMenu({ userId, name }: AccountMenuProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onDismiss={close} position="bottom-end" width={230} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="default" size={36} radius="md" aria-label={common.nav.accountMenu} onClick={toggle}>
          <IconMenu2 size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={6}>
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
      </Popover.Dropdown>
    </Popover>
  );
}
