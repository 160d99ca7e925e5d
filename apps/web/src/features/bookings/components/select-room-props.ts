import type { StayDto } from '@repo/shared/schemas/stay';
import type { SearchState } from '@/features/search/search-params';

/** The stay and the search (dates and counts from the URL); onSearchChange lets the guest change them in the dialog. */
export type SelectRoomProps = {
  stay: StayDto;
  search: SearchState;
  onSearchChange: (next: SearchState) => void;
};
