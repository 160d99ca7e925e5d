import { Button } from '@mantine/core';
import { IconBed } from '@tabler/icons-react';
import type { StayDto } from '@repo/shared/schemas/stay';
import { lazy, Suspense, useState } from 'react';
import type { SearchState } from '@/features/search/search-params';
import { BOOKING_COPY } from '../copy';

// The dialog and its content (date inputs, room types, booking) load when the guest heads for the button.
const loadDialog = () => import('./room-dialog');
const RoomDialog = lazy(loadDialog);

/**
 * The stay page's 'Select Room to book' button and its dialog (SPEC §2): room types with room-number checkboxes
 * (disabled when taken on a chosen night) and 'Pay Now'. `search` holds the dates and counts from the URL;
 * onSearchChange lets the guest change them inside the dialog.
 */
export type SelectRoomProps = {
  stay: StayDto;
  search: SearchState;
  onSearchChange: (next: SearchState) => void;
};

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
