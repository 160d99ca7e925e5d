import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useDeskToday } from '../api/desk';
import { DESK_COPY } from '../copy';

const c = DESK_COPY.today;

/**
 * The dashboard's day at the admin's stays (ADR 064): each stay with anything at its desk today, with its arrivals,
 * guests in house, departures and no-shows, opening its front desk. Nothing while loading or for an admin without
 * stays; one line when no stay has anything today.
 */
export function DeskToday({ deskHref }: { deskHref: (stayId: string) => string }) {
  const today = useDeskToday();
  if (today.isError)
    return (
      <LoadErrorAlert
        title={c.loadError}
        message={today.error.message}
        action={{ label: c.retry, onClick: () => today.refetch() }}
      />
    );
  const stays = today.data?.stays ?? [];
  if (stays.length === 0) return null;
  const busy = stays.filter((s) => s.arrivals + s.inHouse + s.departures + s.noShows > 0);
  return (
    <Card withBorder radius="lg" p="md" mb="md" component="section" aria-labelledby="desk-today-title">
      <Title order={2} fz="md" mb="xs" id="desk-today-title">
        {c.title}
      </Title>
      {busy.length === 0 ? (
        <Text size="sm" c="gray.7">
          {c.quiet}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {busy.map((s) => (
            <Group key={s.id} component="li" gap="xs" wrap="wrap" justify="space-between">
              <Anchor component={Link} to={deskHref(s.id)} size="sm" fw={600} aria-label={c.open(s.name)}>
                {s.name}
              </Anchor>
              <Text size="sm" c="gray.8">
                {c.counts(s)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
