import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { grievanceClocks } from '@repo/shared/domain/grievances';
import { formatDateTime } from '@repo/shared/domain/grievances';
import { GRIEVANCE_CATEGORY_LABELS, type GrievanceDto } from '@repo/shared/schemas/grievance';
import { IconMessageReport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { toast } from '@/lib/notify';
import { useAdminGrievance, useAdminGrievances, useAnswerGrievance, useCloseGrievance } from '../api/admin-grievances';
import { GRIEVANCE_COPY } from '../copy';
import { useMinuteClock } from './my-complaints';
import { CloseTicketButton, MessageForm, Ticket, ticketStatus } from './ticket';

const c = GRIEVANCE_COPY;

function Row({ g, now, href }: { g: GrievanceDto; now: number; href: string }) {
  const status = ticketStatus(g);
  const clocks = grievanceClocks(g, new Date(now));
  const overdue = [clocks.acknowledgement, clocks.resolution].some((k) => k.state === 'overdue');
  return (
    <Card withBorder radius="md" p="md" component="li">
      <UnstyledButton component={Link} to={href} aria-label={`${g.ticket}: ${g.hotelName}, ${g.guestName}`}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div>
            <Text fw={700}>{g.ticket}</Text>
            <Text size="sm">
              {g.hotelName} · {g.guestName}
            </Text>
            <Text size="sm" c="gray.7">
              {GRIEVANCE_CATEGORY_LABELS[g.category]} · {c.ticket.raisedOn(formatDateTime(g.createdAt))}
            </Text>
          </div>
          <Group gap={6}>
            {overdue ? (
              <Badge color="red.8" variant="filled" data-testid="row-overdue">
                {c.ticket.overdue}
              </Badge>
            ) : null}
            <Badge color={status.color} variant="dot">
              {status.label}
            </Badge>
          </Group>
        </Group>
      </UnstyledButton>
    </Card>
  );
}

/** Complaints about the admin's stays (every one for the platform): loading, error, none, or rows linking to each. */
export function AdminComplaintsList({ hrefOf }: { hrefOf: (id: string) => string }) {
  const list = useAdminGrievances();
  const now = useMinuteClock();
  if (list.isPending) return <LoadingState label={c.admin.loading} />;
  if (list.isError)
    return <ErrorState title={c.admin.loadError} description={list.error.message} onRetry={() => list.refetch()} />;
  if (list.data.length === 0)
    return (
      <EmptyState icon={<IconMessageReport size={28} aria-hidden />} title={c.admin.empty} description={c.admin.emptyText} />
    );
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={c.admin.title}>
      {list.data.map((g) => (
        <Row key={g.id} g={g} now={now} href={hrefOf(g.id)} />
      ))}
    </Stack>
  );
}

/** One complaint for its stay's owner or the platform: the ticket, an answer form and "Close complaint" while open. */
export function AdminComplaint({ id }: { id: string }) {
  const ticket = useAdminGrievance(id);
  const answer = useAnswerGrievance(id);
  const close = useCloseGrievance(id);
  const now = useMinuteClock();
  if (ticket.isPending) return <LoadingState label={c.admin.loading} />;
  if (ticket.isError)
    return <ErrorState title={c.admin.notFound} description={ticket.error.message} onRetry={() => ticket.refetch()} />;
  const g = ticket.data;
  return (
    <Ticket grievance={g} now={now} viewer="staff">
      {g.status === 'open' ? (
        <>
          <MessageForm
            label={c.ticket.answer}
            placeholder={c.ticket.answerPlaceholder}
            submitLabel={c.ticket.sendAnswer}
            pending={answer.isPending}
            area="admin"
            onSend={(body, done) =>
              answer.mutate(body, {
                onSuccess: () => {
                  toast.success(c.ticket.answered, 'admin');
                  done.onSuccess();
                },
                onError: done.onError,
              })
            }
          />
          <CloseTicketButton
            pending={close.isPending}
            onConfirm={(closed) =>
              close.mutate(undefined, {
                onSuccess: () => {
                  toast.success(c.ticket.closed, 'admin');
                  closed();
                },
                onError: (err) => toast.fromError(err, 'admin'),
              })
            }
          />
        </>
      ) : null}
    </Ticket>
  );
}
