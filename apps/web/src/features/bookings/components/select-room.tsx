import { Button, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBed } from '@tabler/icons-react';
import type { StayDto } from '@repo/shared/schemas/stay';
import { lazy, Suspense, useState } from 'react';
import type { SearchState } from '@/features/search/search-params';
import { BOOKING_COPY } from '../copy';

// The dialog's content (date inputs, room types, booking) loads when the guest heads for the button.
const loadBody = () => import('./room-dialog-body');
const RoomDialogBody = lazy(loadBody);

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
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <>
      <Button
        size="md"
        fullWidth
        leftSection={<IconBed size={18} aria-hidden />}
        onPointerEnter={loadBody}
        onFocus={loadBody}
        onClick={() => setOpened(true)}
      >
        {BOOKING_COPY.selectRoom.open}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={BOOKING_COPY.selectRoom.title}
        size="xl"
        radius="lg"
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': BOOKING_COPY.selectRoom.close }}
      >
        {opened ? (
          <Suspense
            fallback={
              <Stack gap="sm" role="status" aria-label={BOOKING_COPY.selectRoom.loading}>
                <Skeleton h={120} radius="md" />
                <Skeleton h={120} radius="md" />
              </Stack>
            }
          >
            <RoomDialogBody stay={stay} search={search} onSearchChange={onSearchChange} onDone={() => setOpened(false)} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
