import { formatPaise } from '@repo/shared/domain/money';
import type { FigureDto, OwnerFiguresPage } from '@repo/shared/schemas/owner';
import { ActionIcon, Anchor, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Pager } from '@/components/ui/pager';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonGrid } from '@/components/ui/skeleton-grid';
import { paths } from '@/config/paths';
import { useOwnerFigures } from '../api/occupancy';
import { OWNER_COPY } from '../copy';
import { OccupancyChart } from './stay-figures';

const c = OWNER_COPY.figures;
const cols = { base: 1, sm: 2, lg: 3 } as const;

/** One window of a stay's figures, small: occupancy, then revenue. */
function WindowFigure({ title, f }: { title: string; f: FigureDto }) {
  return (
    <div>
      <Text size="xs" c="gray.7" fw={500}>
        {title}
      </Text>
      <Text fz="xl" fw={700} lh={1.2}>
        {c.percent(f.occupancy)}{' '}
        <Text span size="xs" c="gray.7" fw={400}>
          {c.occupancy}
        </Text>
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {formatPaise(f.revenue)}{' '}
        <Text span size="xs" c="gray.7" fw={400}>
          {c.revenue}
        </Text>
      </Text>
    </div>
  );
}

/** A stay's compact card: its name (to its page with the full figures), the calendar, both windows and the chart. */
function StayFiguresCard({ stay }: { stay: OwnerFiguresPage['stays'][number] }) {
  const id = useId();
  return (
    <Card component="article" withBorder radius="lg" p="md" aria-labelledby={id} data-testid="dashboard-stay-figures">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
        <Anchor component={Link} to={paths.admin.editStay.getHref(stay.stayId)} fw={600} id={id} lineClamp={1}>
          {stay.name}
        </Anchor>
        <ActionIcon
          component={Link}
          to={paths.admin.calendar.getHref(stay.stayId)}
          variant="subtle"
          aria-label={`${c.calendar}: ${stay.name}`}
        >
          <IconCalendarEvent size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={2} spacing="sm" mb="sm">
        <WindowFigure title={c.last30} f={stay.last30} />
        <WindowFigure title={c.next30} f={stay.next30} />
      </SimpleGrid>
      <OccupancyChart data={stay} compact />
    </Card>
  );
}

/**
 * The dashboard's figures (ADR 019): a compact card per live stay of the admin (occupancy and revenue of the last
 * and next 30 nights, the nightly chart), a page of them from one request, with loading, empty and error states.
 */
export function DashboardFigures() {
  const [page, setPage] = useState(1);
  const figures = useOwnerFigures(page);
  return (
    <Box component="section" aria-labelledby="dashboard-figures" mt="xl">
      <Title order={2} fz="xl" id="dashboard-figures">
        {c.dashboardTitle}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {c.dashboardHint}
      </Text>
      <QueryState
        query={figures}
        skeleton={<SkeletonGrid count={3} height={230} cols={cols} label={c.dashboardLoading} />}
        errorTitle={c.loadError}
        recover={{ retry: c.retry }}
      >
        {(data) =>
          data.stays.length === 0 && data.page === 1 ? (
            <Card bg="gray.0">
              <Text c="gray.7" ta="center" py="md">
                {c.dashboardEmpty}
              </Text>
            </Card>
          ) : (
            <Stack gap="md">
              <SimpleGrid cols={cols} spacing="md">
                {data.stays.map((stay) => (
                  <StayFiguresCard key={stay.stayId} stay={stay} />
                ))}
              </SimpleGrid>
              {data.total > data.pageSize && (
                <Group justify="center">
                  <Pager total={Math.ceil(data.total / data.pageSize)} value={page} onChange={setPage} aria-label={c.pages} />
                </Group>
              )}
            </Stack>
          )
        }
      </QueryState>
    </Box>
  );
}
