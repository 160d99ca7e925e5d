import type { BillingAddressDto } from '@repo/shared/schemas/address';
import type { StayDto } from '@repo/shared/schemas/stay';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SearchState } from '@/features/search';
import type { RoomTypesResult } from '../api/get-room-types';
import type { BookingQuote, ChosenRoom } from '../quote';

/** The stay and the search (dates and counts from the URL); onSearchChange lets the guest change them in the dialog. */
export type SelectRoomProps = {
  stay: StayDto;
  search: SearchState;
  onSearchChange: (next: SearchState) => void;
  /** The guest's profile: its billing address prefills the dialog's (none yet: the dialog asks for it). */
  profile?: BillingAddressDto | undefined;
  /** True while the profile loads. */
  profilePending?: boolean;
  /**
   * What stands in the dialog's footer instead of the booking action while the guest can not book (an email address
   * not confirmed yet: the way to have the link mailed again). Unset: the guest may book.
   */
  bookingBlock?: ReactNode;
};

/** What the dialog gets from the stay page's booking state: the room types, the ticked rooms and the total. */
export type RoomChoiceProps = SelectRoomProps & {
  roomTypes: UseQueryResult<RoomTypesResult>;
  /** False while the dates break a rule (no room types are asked for). */
  typesShown: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  /** The rate plan picked for each room type (by type id; a type not in it sells under its first, standard plan). */
  plans: ReadonlyMap<string, string>;
  onPlan: (typeId: string, planId: string) => void;
  /** The ticked rooms that are free for the dates. */
  chosen: ChosenRoom[];
  quote: BookingQuote;
  /** True while the room prices for the dates are being asked for. */
  pending: boolean;
};
