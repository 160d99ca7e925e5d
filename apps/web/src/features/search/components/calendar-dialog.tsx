import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOpenedAfterMount } from '@/lib/use-opened-after-mount';

export type CalendarDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The close button's accessible name (it shows only an ✕). */
  closeLabel: string;
  children: ReactNode;
};

/**
 * The search calendar as a full-screen dialog on phones (its own chunk: the dialog's code loads with the first
 * opening). It mounts closed and opens on the next render, so the opening transition plays the first time too.
 */
export default function CalendarDialog({ opened, onClose, title, closeLabel, children }: CalendarDialogProps) {
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      fullScreen
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Modal>
  );
}
