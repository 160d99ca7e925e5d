import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BOOKING_COPY } from '../copy';
import RoomDialogBody from './room-dialog-body';
import type { RoomChoiceProps } from './select-room-props';
import { useOpenedAfterMount } from '@/lib/use-opened-after-mount';

export type RoomDialogProps = RoomChoiceProps & { opened: boolean; onClose: () => void };

/**
 * The room dialog (its own chunk with its content: date inputs, room types, booking). It mounts closed and opens on
 * the next render, so the opening transition plays the first time too.
 */
export default function RoomDialog({ opened, onClose, ...choice }: RoomDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={BOOKING_COPY.selectRoom.title}
      size="xl"
      radius="lg"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': BOOKING_COPY.selectRoom.close }}
    >
      {shown ? <RoomDialogBody {...choice} onDone={onClose} /> : null}
    </Modal>
  );
}
