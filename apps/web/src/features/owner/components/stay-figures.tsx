import { formatDate } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import type { FigureDto, FiguresDto } from '@repo/shared/schemas/owner';
import { Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconList } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useFigures } from '../api/occupancy';
import { OWNER_COPY } from '../copy';

const c = OWNER_COPY.figures;

const percentOf = (sold: number, sellable: number) => (sellable > 0 ? Math.round((sold / sellable) * 1000) / 10 : 0);

function Figure({ title, f }: { title: string; f: FigureDto }) {
  return (
    <Card withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Text size="sm" c="gray.7" fw={500}>
        {title}
      </Text>
      <Group gap="xl" mt={4} align="flex-end" wrap="wrap">
        <div>
          <Text size="xs" c="gray.7">
            {c.occupancy}
          </Text>
          <Text fz={28} fw={700} lh={1.1}>
            {c.percent(f.occupancy, f.soldNights)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="gray.7">
            {c.revenue}
          </Text>
          <Text fz={28} fw={700} lh={1.1}>
            {formatPaise(f.revenue)}
          </Text>
        </div>
      </Group>
      <Text size="xs" c="gray.7" mt={6}>
        {f.sellableNights > 0 ? c.nights(f.soldNights, f.sellableNights) : c.noRooms}
      </Text>
    </Card>
  );
}

const W = 600;
const H = 150;
const TOP = 10;
const BOTTOM = 6;

/** Each night's occupancy as a bar (the last 30 nights, then today and the next 29), with a text alternative. */
function OccupancyChart({ data }: { data: FiguresDto }) {
  const id = useId();
  const n = data.nightly.length;
  const slot = W / Math.max(1, n);
  const todayAt = data.nightly.findIndex((x) => x.night === data.today);
  const peak = data.nightly.reduce<(typeof data.nightly)[number] | undefined>(
    (best, x) => (x.sold > 0 && (!best || percentOf(x.sold, x.sellable) > percentOf(best.sold, best.sellable)) ? x : best),
    undefined,
  );
  const summary = c.chartSummary(
    c.percent(data.last30.occupancy, data.last30.soldNights),
    c.percent(data.next30.occupancy, data.next30.soldNights),
    peak ? c.peak(formatDate(peak.night), percentOf(peak.sold, peak.sellable)) : c.noPeak,
  );
  const plot = H - TOP - BOTTOM;
  return (
    <Box component="figure" m={0}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${id}-t ${id}-d`} style={{ display: 'block' }}>
        <title id={`${id}-t`}>{c.chartTitle}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        <line x1={0} x2={W} y1={TOP + plot} y2={TOP + plot} stroke="var(--mantine-color-gray-4)" />
        <line x1={0} x2={W} y1={TOP} y2={TOP} stroke="var(--mantine-color-gray-2)" strokeDasharray="4 4" />
        {data.nightly.map((x, i) => {
          const h = (Math.min(100, percentOf(x.sold, x.sellable)) / 100) * plot;
          return (
            <rect
              key={x.night}
              x={i * slot + 1}
              y={TOP + plot - h}
              width={Math.max(1, slot - 2)}
              height={h}
              rx={1.5}
              fill={i >= todayAt && todayAt >= 0 ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-gray-5)'}
            />
          );
        })}
        {todayAt >= 0 && (
          <line
            x1={todayAt * slot}
            x2={todayAt * slot}
            y1={TOP - 4}
            y2={TOP + plot + 4}
            stroke="var(--mantine-color-blue-8)"
            strokeWidth={1.5}
          />
        )}
      </svg>
      <Group justify="space-between" gap="xs" mt={2} aria-hidden>
        <Text size="xs" c="gray.7">
          {formatDate(data.nightly[0]?.night ?? data.today)}
        </Text>
        <Text size="xs" c="blue.8" fw={600}>
          {c.todayMark} {formatDate(data.today)}
        </Text>
        <Text size="xs" c="gray.7">
          {formatDate(data.nightly[n - 1]?.night ?? data.today)}
        </Text>
      </Group>
      <Text component="figcaption" size="xs" c="gray.7" mt={4}>
        {summary}
      </Text>
    </Box>
  );
}

/** A stay's figures (ADR 019): occupancy and revenue of the last and next 30 nights, the nightly chart, and links. */
export function StayFigures({ stayId }: { stayId: string }) {
  const figures = useFigures(stayId);
  return (
    <Card component="section" withBorder radius="lg" p="lg" mb="lg" aria-labelledby="stay-figures">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <Title order={2} fz="lg" id="stay-figures">
          {c.title}
        </Title>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.admin.calendar.getHref(stayId)}
            size="xs"
            variant="light"
            leftSection={<IconCalendarEvent size={14} aria-hidden />}
          >
            {c.calendar}
          </Button>
          <Button
            component={Link}
            to={paths.admin.reservations.getHref(new URLSearchParams({ stayId }).toString())}
            size="xs"
            variant="default"
            leftSection={<IconList size={14} aria-hidden />}
          >
            {c.reservations}
          </Button>
        </Group>
      </Group>
      <QueryState
        query={figures}
        skeleton={
          <Stack role="status" aria-busy="true" aria-label={c.loading}>
            <Skeleton height={90} radius="md" />
            <Skeleton height={120} radius="md" />
          </Stack>
        }
        errorTitle={c.loadError}
        recover={{ retry: c.retry }}
      >
        {(data) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Figure title={c.last30} f={data.last30} />
              <Figure title={c.next30} f={data.next30} />
            </SimpleGrid>
            <OccupancyChart data={data} />
            <Text size="xs" c="gray.7">
              {c.definition}
            </Text>
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
