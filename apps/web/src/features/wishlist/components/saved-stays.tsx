import { Box, Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import type { StayDto } from '@repo/shared/schemas/stay';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { useWishlist } from '../api/get-wishlist';
import { WISHLIST_COPY } from '../copy';

const c = WISHLIST_COPY.page;
const columns = { base: 1, xs: 2, md: 3 };

export type SavedStaysProps = {
  /** One saved stay's card (the screen brings the stay card and the heart). */
  renderStay: (stay: StayDto) => ReactNode;
  /** Where 'Find stays' leads when nothing is saved. */
  findHref: string;
};

/** The Saved page's list: skeleton cards while loading, the error with a retry, an empty state, or the cards. */
export function SavedStays({ renderStay, findHref }: SavedStaysProps) {
  const query = useWishlist();

  if (query.isPending)
    return (
      <SimpleGrid cols={columns} spacing="lg" role="status" aria-busy="true" aria-label={c.loading}>
        {[0, 1, 2].map((i) => (
          <Stack key={i} gap="xs">
            <Skeleton height={180} radius="md" />
            <Skeleton height={18} width="70%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        ))}
      </SimpleGrid>
    );

  if (query.isError)
    return (
      <ErrorState title={c.errorTitle} description={query.error.message} onRetry={() => query.refetch()} retryLabel={c.retry} />
    );

  if (query.data.length === 0)
    return (
      <EmptyState
        icon={<IconHeart size={28} aria-hidden />}
        title={c.emptyTitle}
        description={c.emptyText}
        actions={
          <Button component={Link} to={findHref}>
            {c.findStays}
          </Button>
        }
      />
    );

  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm" aria-live="polite">
        {c.count(query.data.length)}
      </Text>
      <SimpleGrid cols={columns} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {query.data.map((stay) => (
          <Box component="li" key={stay.id}>
            {renderStay(stay)}
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
