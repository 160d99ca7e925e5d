import type { PopoverDropdownProps, PopoverProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a popover host (the lazily loaded part: Mantine's Popover and its dropdown) is given. */
export type PopoverHostProps = Omit<PopoverProps, 'children' | 'id' | 'opened'> & {
  /** The Popover's id: the trigger's id, and `${id}-dropdown` the dropdown's. */
  id: string;
  opened: boolean;
  /** The trigger, rendered by DeferredPopover itself (so it is never re-created when the host arrives). */
  anchor: HTMLElement | null;
  /** Called once the host is mounted (closed): from then on `opened` is passed through. */
  onReady: () => void;
  dropdownProps?: Omit<PopoverDropdownProps, 'children'>;
  children?: ReactNode;
};
