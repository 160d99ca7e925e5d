import { ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { DeferredPopover, lazyPopoverHost, type PopoverHostProps } from '@/components/ui/deferred-popover';
import { common } from '@/copy/common';
import type { AccountMenuDropdownProps } from './account-menu-dropdown';

// The menu's popover and links load when the pointer comes over the button, it gets focus or it is opened.
const accountMenuDropdown = lazyPopoverHost<Omit<AccountMenuDropdownProps, keyof PopoverHostProps>>(
  () => import('./account-menu-dropdown'),
);

export type AccountMenuProps = {
  /** The signed-in guest's id (from the token claims): My Orders goes to /orders/{userId}. */
  userId: string;
  /** The guest's name when it is known, shown under the greeting. */
  name?: string;
};

/**
 * The header's menu button: each click opens or closes a dropdown with the greeting, My Profile and My Orders
 *. Plain links in a labelled popover, so screen readers and keyboards treat them as navigation.
 */
export function AccountMenu({ userId, name }: AccountMenuProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <DeferredPopover
      host={accountMenuDropdown}
      hostProps={{ userId, name, close }}
      opened={opened}
      onDismiss={close}
      position="bottom-end"
      width={230}
      shadow="md"
      withinPortal
      target={
        <ActionIcon variant="default" size={36} radius="md" aria-label={common.nav.accountMenu} onClick={toggle}>
          <IconMenu2 size={20} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
