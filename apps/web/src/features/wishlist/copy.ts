/** Words of the wishlist: the hearts and the Saved page. */
export const WISHLIST_COPY = {
  heart: {
    save: (name: string) => `Save ${name}`,
    saveFailed: (name: string) => `Could not save ${name}. Please try again`,
    removeFailed: (name: string) => `Could not remove ${name} from Saved. Please try again`,
  },
  page: {
    title: 'Saved',
    description: 'The stays you saved with the heart, newest first',
    loading: 'Loading your saved stays',
    errorTitle: 'We could not load your saved stays',
    retry: 'Try again',
    emptyTitle: 'No saved stays yet',
    emptyText: 'Tap the heart on a stay in your search results or on its page, and it will wait for you here.',
    findStays: 'Find stays',
    count: (n: number) => (n === 1 ? '1 saved stay' : `${n} saved stays`),
  },
} as const;
