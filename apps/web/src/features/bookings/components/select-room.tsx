import type { StayDto } from '@repo/shared/schemas/stay';
import type { SearchState } from '@/features/search/search-params';

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

export function SelectRoom(_props: SelectRoomProps) {
  return null;
}
