import { Button } from '@mantine/core';
import { IconBed } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { BOOKING_COPY } from '../copy';
import type { SelectRoomProps } from './select-room-props';

// The dialog and its content (date inputs, room types, booking) load when the guest heads for the button.
const loadDialog = () => import('./room-dialog');
const RoomDialog = lazy(loadDialog);

/**
 * The stay page's 'Select Room to book' button and its dialog: room types with room-number checkboxes (disabled when
 * taken on a chosen night) and 'Pay Now'.
 */

export function SelectRoom({ stay, search, onSearchChange }: SelectRoomProps) {
  const [opened, setOpened] = useState(false);
  // Once opened, the dialog stays mounted (it closes with its transition like any dialog).
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  return (
    <>
      <Button
        size="md"
        fullWidth
        leftSection={<IconBed size={18} aria-hidden />}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => setOpened(true)}
      >
        {BOOKING_COPY.selectRoom.open}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <RoomDialog
            opened={opened}
            onClose={() => setOpened(false)}
            stay={stay}
            search={search}
            onSearchChange={onSearchChange}
          />
        </Suspense>
      ) : null}
    </>
  );
}
