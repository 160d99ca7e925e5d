import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useDeskToday } from '../api/desk';
import { DESK_COPY } from '../copy';

const c = DESK_COPY.today;

/**
 * The dashboard's day at the admin's stays (ADR 064): per stay, arrivals, guests in house, departures and no-shows,
 * each stay opening its front desk. Nothing while loading or for an admin without stays.
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
  return (
    <Card withBorder radius="lg" p="md" mb="md" component="section" aria-labelledby="desk-today-title">
      <Title order={2} fz="md" mb="xs" id="desk-today-title">
        {c.title}
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{c.stay}</Table.Th>
              <Table.Th scope="col" ta="right">
                {c.arrivals}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {c.inHouse}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {c.departures}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {c.noShows}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stays.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Th scope="row" fw={400}>
                  <Anchor component={Link} to={deskHref(s.id)} size="sm" aria-label={c.open(s.name)}>
                    {s.name}
                  </Anchor>
                </Table.Th>
                <Table.Td ta="right">{s.arrivals}</Table.Td>
                <Table.Td ta="right">{s.inHouse}</Table.Td>
                <Table.Td ta="right">{s.departures}</Table.Td>
                <Table.Td ta="right">{s.noShows}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="gray.7" mt={4}>
        {c.hint}
      </Text>
    </Card>
  );
}
