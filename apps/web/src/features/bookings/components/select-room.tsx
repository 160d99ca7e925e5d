import { Button } from '@mantine/core';
import { IconBed } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useRoomTypes } from '../api/get-room-types';
import { BOOKING_COPY } from '../copy';
import { bookingQuote, chosenRooms, roomTypesWindow } from '../quote';
import { BookingTotal } from './booking-total';
import type { SelectRoomProps } from './select-room-props';

// The dialog and its content (date inputs, room types, booking) load when the guest heads for the button.
const loadDialog = () => import('./room-dialog');
const RoomDialog = lazy(loadDialog);

/**
 * The stay's total and its 'Select Room to book' button with the dialog: room types with room-number checkboxes
 * (disabled when taken on a chosen night) and 'Pay Now'. The ticked rooms live here, so the total beside the button
 * and the dialog's are one quote; ticking rooms sets the search's room count to their number.
 */
export function SelectRoom({ stay, search, onSearchChange, profile, profilePending, bookingBlock }: SelectRoomProps) {
  const [opened, setOpened] = useState(false);
  // Once opened, the dialog stays mounted (it closes with its transition like any dialog).
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [plans, setPlans] = useState<ReadonlyMap<string, string>>(new Map());
  const dates = roomTypesWindow(search);
  // The prices by date come from the server with the room types: asked for as soon as the dates are valid.
  const roomTypes = useRoomTypes(stay.id, dates.checkIn, dates.checkOut, search, dates.enabled);
  const types = roomTypes.data?.roomTypes ?? [];
  const chosen = chosenRooms(types, selected, plans);
  const quote = bookingQuote(roomTypes.data?.roomTypes, search, chosen);
  const pending = dates.enabled && roomTypes.isPending;

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
    const count = chosenRooms(types, next, plans).length;
    if (count > 0 && count !== search.rooms) onSearchChange({ ...search, rooms: count });
  };

  return (
    <>
      <BookingTotal quote={quote} testId="stay-total" pending={pending} />
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
            roomTypes={roomTypes}
            typesShown={dates.enabled}
            selected={selected}
            onToggle={toggle}
            plans={plans}
            onPlan={(typeId, planId) => setPlans(new Map(plans).set(typeId, planId))}
            chosen={chosen}
            quote={quote}
            pending={pending}
            profile={profile}
            profilePending={profilePending}
            bookingBlock={bookingBlock}
          />
        </Suspense>
      ) : null}
    </>
  );
}
