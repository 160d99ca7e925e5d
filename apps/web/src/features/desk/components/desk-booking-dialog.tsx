import { addDays } from '@repo/shared/domain/dates';
import type { DeskBookingInput } from '@repo/shared/schemas/desk';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { useCreateDeskBooking } from '../api/desk';
import { DESK_COPY } from '../copy';

const c = DESK_COPY.book;
const p = DESK_COPY.pay;

type Room = { id: string; number: number; title: string };
type Method = 'later' | 'cash' | 'upi_desk' | 'card_desk';

export type DeskBookingDialogProps = {
  stayId: string;
  /** The room and night tapped on the calendar. */
  room: Room | null;
  night: string;
  rooms: readonly Room[];
  onClose: () => void;
};

/**
 * A booking taken at the desk from a free night of the calendar: the guest's name and mobile (email optional), the
 * dates, rooms and party, and the money taken now if any. The server prices it as online and names a taken night.
 */
export function DeskBookingDialog({ stayId, room, night, rooms, onClose }: DeskBookingDialogProps) {
  const create = useCreateDeskBooking(stayId);
  const [guestName, setGuestName] = useState('');
  const [guestMobile, setGuestMobile] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [checkOut, setCheckOut] = useState(addDays(night, 1));
  const [adults, setAdults] = useState<number | string>(1);
  const [children, setChildren] = useState<number | string>(0);
  const [chosen, setChosen] = useState<string[]>(room ? [room.id] : []);
  const [method, setMethod] = useState<Method>('later');
  const [reference, setReference] = useState('');
  const [seen, setSeen] = useState(room?.id);
  // A new tap opens the dialog afresh for its room and night.
  if (room?.id !== seen) {
    setSeen(room?.id);
    setChosen(room ? [room.id] : []);
    setCheckOut(addDays(night, 1));
  }
  const fieldErrors = create.error instanceof ApiError ? (create.error.fieldErrors ?? {}) : {};
  const close = () => {
    create.reset();
    setGuestName('');
    setGuestMobile('');
    setGuestEmail('');
    setMethod('later');
    setReference('');
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: DeskBookingInput = {
      checkIn: night,
      checkOut,
      adults: Number(adults),
      children: Number(children),
      roomNumberIds: chosen,
      guestName,
      guestMobile,
      guestEmail,
      ...(method === 'later' ? {} : { payment: { method, reference } }),
    };
    create.mutate(body, {
      onSuccess: (res) => {
        toast.success(c.done(res.booking.guestName), 'admin');
        close();
      },
    });
  };
  return (
    <Modal
      opened={room !== null}
      onClose={close}
      title={room ? c.title(room.number, night) : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': c.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {c.intro}
          </Text>
          {create.isError && Object.keys(fieldErrors).length === 0 && (
            <Alert color="red" role="alert">
              {create.error.message}
            </Alert>
          )}
          <TextInput
            label={c.guestName}
            required
            value={guestName}
            onChange={(e) => setGuestName(e.currentTarget.value)}
            error={fieldErrors.guestName}
            autoComplete="off"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={c.guestMobile}
              required
              type="tel"
              inputMode="numeric"
              value={guestMobile}
              onChange={(e) => setGuestMobile(e.currentTarget.value)}
              error={fieldErrors.guestMobile}
              autoComplete="off"
            />
            <TextInput
              label={c.guestEmail}
              type="email"
              description={c.emailHint}
              value={guestEmail}
              onChange={(e) => setGuestEmail(e.currentTarget.value)}
              error={fieldErrors.guestEmail}
              autoComplete="off"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label={c.checkOut}
              type="date"
              min={addDays(night, 1)}
              value={checkOut}
              onChange={(e) => setCheckOut(e.currentTarget.value)}
              error={fieldErrors.checkOut}
            />
            <NumberInput label={c.adults} min={1} max={99} value={adults} onChange={setAdults} error={fieldErrors.adults} />
            <NumberInput
              label={c.children}
              min={0}
              max={99}
              value={children}
              onChange={setChildren}
              error={fieldErrors.children}
            />
          </SimpleGrid>
          <Checkbox.Group label={c.rooms} value={chosen} onChange={setChosen} error={fieldErrors.roomNumberIds}>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
              {rooms.map((r) => (
                <Checkbox key={r.id} value={r.id} label={`${r.number} · ${r.title}`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="desk-pay-label">
              {c.payNow}
            </Text>
            <SegmentedControl
              aria-labelledby="desk-pay-label"
              value={method}
              onChange={(v) => setMethod(v === 'cash' || v === 'upi_desk' || v === 'card_desk' ? v : 'later')}
              data={[{ value: 'later', label: c.later }, ...p.methods]}
            />
          </Stack>
          {method !== 'later' && method !== 'cash' && (
            <TextInput
              label={p.reference}
              description={p.referenceHint}
              required
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              error={fieldErrors['payment.reference']}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {c.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
