import { Box } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PageContainer } from '@/components/ui/page-container';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { StayCard } from '@/features/stays/components/stay-card';
import { SavedStays } from '@/features/wishlist/components/saved-stays';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';
import { WISHLIST_COPY } from '@/features/wishlist/copy';

const c = WISHLIST_COPY.page;

/** Saved (/saved): the stays the signed-in guest saved with the heart, each card opening its stay. */
export default function SavedScreen() {
  useDocumentTitle(`${c.title} | ${common.brand}`);
  return (
    <PageContainer title={c.title} description={c.description}>
      <SavedStays
        findHref={paths.home.getHref()}
        renderStay={(stay) => (
          <Box pos="relative" h="100%">
            <StayCard stay={stay} href={paths.stay.getHref(stay.id)} />
            <Box pos="absolute" top={10} right={10}>
              <WishlistHeart stayId={stay.id} stayName={stay.name} />
            </Box>
          </Box>
        )}
      />
    </PageContainer>
  );
}
