import { roleMay, type StaffRole } from '@repo/shared/domain/staff';
import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconBrush, IconCalendarEvent, IconDoorEnter, IconEdit, IconList, IconListDetails } from '@tabler/icons-react';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { STAFF_COPY } from '../copy';

const c = STAFF_COPY.home;

/** A staff member's start: the stays given to them, each with what their role opens (no figures). */
export function StaffHome({ role, stays }: { role: StaffRole; stays: readonly { id: string; name: string }[] }) {
  if (stays.length === 0) return <Text c="dimmed">{c.empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {stays.map((stay) => (
        <Card key={stay.id} withBorder radius="lg" p="lg" component="section" aria-labelledby={`stay-${stay.id}`}>
          <Title order={2} fz="lg" id={`stay-${stay.id}`} mb="sm">
            {stay.name}
          </Title>
          <Group gap="xs">
            {roleMay(role, 'desk.work') && (
              <LinkButton to={paths.admin.desk.getHref(stay.id)} leftSection={<IconDoorEnter size={16} aria-hidden />}>
                {c.desk}
              </LinkButton>
            )}
            {roleMay(role, 'housekeeping') && (
              <LinkButton
                to={paths.admin.housekeeping.getHref(stay.id)}
                variant="default"
                leftSection={<IconBrush size={16} aria-hidden />}
              >
                {c.housekeeping}
              </LinkButton>
            )}
            <LinkButton
              to={paths.admin.calendar.getHref(stay.id)}
              variant="default"
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
            >
              {c.calendar}
            </LinkButton>
            <LinkButton
              to={paths.admin.reservations.getHref(new URLSearchParams({ stayId: stay.id }).toString())}
              variant="default"
              leftSection={<IconListDetails size={16} aria-hidden />}
            >
              {c.reservations}
            </LinkButton>
            {roleMay(role, 'stays.edit') && (
              <>
                <LinkButton
                  to={paths.admin.editStay.getHref(stay.id)}
                  variant="default"
                  leftSection={<IconEdit size={16} aria-hidden />}
                >
                  {c.edit}
                </LinkButton>
                <LinkButton
                  to={paths.admin.rooms.getHref(stay.id)}
                  variant="light"
                  leftSection={<IconList size={16} aria-hidden />}
                >
                  {c.rooms}
                </LinkButton>
              </>
            )}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
