import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { formatRange } from '@repo/shared/domain/dates';
import type { SeasonDto } from '@repo/shared/schemas/room';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { paths } from '@/config/paths';
import { useDeleteSeason, useRoomTypeRates, useSaveSeason, useUpdateRoomTypePrices } from '@/features/rooms/api/room-rates';
import { useAdminRole } from '@/features/admin-users/api/get-admin-me';
import { useStayEarningTerms } from '@/features/rooms/api/stay-earning-terms';
import { MonthView, SeasonList } from '@/features/rooms/components/rate-calendar';
import { RatePlans } from '@/features/rooms/components/rate-plans';
import { RoomPricesForm } from '@/features/rooms/components/room-prices-form';
import { SeasonForm } from '@/features/rooms/components/season-form';
import { ROOMS_COPY } from '@/features/rooms/copy';
import { toast } from '@/lib/notify';

const c = ROOMS_COPY.rates;

/**
 * /admin/roomPrices/:id (a room type id): the room type's price, weekend price and minimum nights, its seasons (add,
 * edit, delete; an overlap is refused by the server) and the price of each night of a month.
 */
export default function RoomPricesScreen() {
  const { id = '' } = useParams();
  const rates = useRoomTypeRates(id);
  const prices = useUpdateRoomTypePrices(id);
  const save = useSaveSeason(id);
  const del = useDeleteSeason(id);
  // The season form: closed (null), a new season ('new') or the season being changed.
  const [editing, setEditing] = useState<SeasonDto | 'new' | null>(null);
  const remove = useConfirmAction((season: SeasonDto) =>
    del.mutateAsync(season.id).then(
      (res) => toast.success(res.message, 'admin'),
      (err) => toast.fromError(err, 'admin'),
    ),
  );
  const room = rates.data?.roomType;
  const terms = useStayEarningTerms(room?.stayId, useAdminRole().isOwner).data;

  return (
    <AdminPage
      size="lg"
      title={c.title}
      subtitle={room && c.subtitle(room.title, room.stayName)}
      back={
        room ? (
          <Button
            component={Link}
            to={paths.admin.rooms.getHref(room.stayId)}
            variant="subtle"
            px={0}
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {c.backToRooms}
          </Button>
        ) : undefined
      }
    >
      <QueryState
        query={rates}
        skeleton={
          <Stack gap="md" role="status" aria-label={c.loading}>
            <Skeleton h={160} radius="md" />
            <Skeleton h={220} radius="md" />
          </Stack>
        }
        errorTitle={c.loadError}
        errorText={missingOr(c.missing)}
        recover={{ retry: c.retry }}
      >
        {(data) => (
          <Stack gap="lg">
            <RoomPricesForm
              prices={data.roomType}
              terms={terms}
              onSubmit={(body) => prices.mutateAsync(body).then(() => toast.success(c.base.saved, 'admin'))}
            />
            <RatePlans roomTypeId={id} />
            <SeasonList seasons={data.seasons} onAdd={() => setEditing('new')} onEdit={setEditing} onDelete={remove.ask} />
            <MonthView rates={{ ...data.roomType, seasons: data.seasons }} initialMonth={data.seasons[0]?.startsOn.slice(0, 7)} />
          </Stack>
        )}
      </QueryState>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? c.seasonForm.addTitle : c.seasonForm.editTitle}
        size="lg"
        closeButtonProps={{ 'aria-label': c.seasonForm.cancel }}
      >
        {editing !== null ? (
          <SeasonForm
            season={editing === 'new' ? undefined : editing}
            terms={terms}
            onCancel={() => setEditing(null)}
            onSubmit={(body) =>
              save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, body }).then((res) => {
                toast.success(res.message, 'admin');
                setEditing(null);
              })
            }
          />
        ) : null}
      </Modal>

      <Modal opened={remove.pending !== null} onClose={() => remove.ask(null)} title={c.seasons.confirmTitle}>
        <Stack gap="md">
          <Text>
            {remove.pending ? c.seasons.confirmText(formatRange(remove.pending.startsOn, remove.pending.endsOn)) : null}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => remove.ask(null)}>
              {c.seasons.confirmNo}
            </Button>
            <Button color="red" loading={remove.busy} onClick={remove.confirm}>
              {c.seasons.confirmYes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AdminPage>
  );
}
