import type { SearchSort } from '@repo/shared/schemas/search';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Words of the search bar and the results (SPEC §2 home/search); spec labels verbatim. */
export const searchCopy = {
  hero: {
    title: 'Find a stay you will love',
    subtitle: 'Hotels, villas, resorts, cottages and cabins across India, with real availability for your dates.',
  },
  bar: {
    label: 'Search stays',
    city: 'City',
    cityPlaceholder: 'Where are you going?',
    dates: 'Dates',
    datesHint: 'Check-in and check-out',
    openCalendar: 'Choose your dates',
    calendarTitle: 'Choose check-in and check-out',
    calendarDone: 'Done',
    calendarLoading: 'Loading calendar…',
    guests: 'Guests and rooms',
    submit: 'Search',
    guestsLabel: (adults: number, children: number, rooms: number) =>
      `${plural(adults, 'Adult', 'Adults')} · ${plural(children, 'Child', 'Children')} · ${plural(rooms, 'Room', 'Rooms')}`,
    nights: (n: number) => plural(n, 'night', 'nights'),
  },
  counter: {
    adults: 'Adults',
    adultsHint: 'Ages 13 or above',
    children: 'Children',
    childrenHint: 'Ages 0 to 12',
    rooms: 'Rooms',
    roomsHint: 'Rooms to book',
    decrease: (what: string) => `Fewer ${what.toLowerCase()}`,
    increase: (what: string) => `More ${what.toLowerCase()}`,
    done: 'Done',
  },
  ranges: {
    today: 'Today',
    thisWeek: 'This Week',
    thisMonth: 'This Month',
    daysStartingToday: 'days starting today',
  },
  results: {
    title: 'List of Stays availble',
    summary: (total: number, city: string, nights: number) =>
      `${plural(total, 'stay', 'stays')} in ${city} · ${plural(nights, 'night', 'nights')}`,
    back: 'Back to browsing',
    loading: 'Finding stays with free rooms…',
    emptyTitle: 'No stays free for these dates',
    emptyText:
      'Every stay here is full for those nights or too small for your party. Try other dates, fewer guests or another city.',
    emptyFilteredText: 'No stay matches these filters. Clear some filters to see more stays.',
    clearFilters: 'Clear filters',
    errorTitle: 'We could not search right now',
    page: 'Result pages',
  },
  filters: {
    title: 'Filters',
    show: 'Show filters',
    hide: 'Hide filters',
    type: 'Stay type',
    anyType: 'All types',
    amenities: 'Amenities',
    price: 'Price per night',
    priceFrom: 'Lowest price',
    priceTo: 'Highest price',
    anyPrice: 'Any price',
    rating: 'Guest rating',
    anyRating: 'Any rating',
    ratingAtLeast: (n: number) => `${n}+`,
    sort: 'Sort by',
  },
  sorts: {
    price_asc: 'Price: low to high',
    price_desc: 'Price: high to low',
    rating: 'Rating: best first',
    distance: 'Distance from city centre',
  } satisfies Record<SearchSort, string>,
  card: {
    distance: (n: number) => `${n} kms from city centre`,
    perNight: '/ night',
    taxes: 'Inclusive Of all taxes',
    rating: (r: number) => r.toFixed(1),
    freeRooms: (n: number) => (n === 1 ? 'Only 1 room left for your dates' : `${n} rooms free for your dates`),
    checkAvailability: 'Check availabilty',
    noPhoto: 'No photo yet',
  },
} as const;
