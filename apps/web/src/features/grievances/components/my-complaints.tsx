import { Stack } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import type { GrievanceDto } from '@repo/shared/schemas/grievance';
import { IconMessageReport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { toast } from '@/lib/notify';
import { useGuestGrievanceMessage, useMyGrievances } from '../api/my-grievances';
import { GRIEVANCE_COPY } from '../copy';
import { MessageForm, Ticket } from './ticket';

const c = GRIEVANCE_COPY;

/** The time now, moved on every minute (the tickets' clocks turn overdue without a reload). */
export function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  const ticker = useInterval(() => setNow(Date.now()), 60_000);
  useEffect(() => {
    ticker.start();
    return ticker.stop;
  }, [ticker]);
  return now;
}

function GuestTicket({ grievance, now }: { grievance: GrievanceDto; now: number }) {
  const send = useGuestGrievanceMessage(grievance.id);
  return (
    <Ticket grievance={grievance} now={now} viewer="guest">
      {grievance.status === 'open' ? (
        <MessageForm
          label={c.ticket.reply}
          placeholder={c.ticket.replyPlaceholder}
          submitLabel={c.ticket.send}
          pending={send.isPending}
          area="default"
          onSend={(body, done) =>
            send.mutate(body, {
              onSuccess: () => {
                toast.success(c.ticket.sent);
                done.onSuccess();
              },
              onError: done.onError,
            })
          }
        />
      ) : null}
    </Ticket>
  );
}

/** The signed-in guest's complaints: loading, error, none, or their tickets (newest first) with a reply box each. */
export function MyComplaints({ ordersHref }: { ordersHref: string }) {
  const list = useMyGrievances();
  const now = useMinuteClock();
  if (list.isPending) return <LoadingState label={c.mine.loading} />;
  if (list.isError)
    return <ErrorState title={c.mine.loadError} description={list.error.message} onRetry={() => list.refetch()} />;
  if (list.data.length === 0)
    return (
      <EmptyState
        icon={<IconMessageReport size={28} aria-hidden />}
        title={c.mine.empty}
        description={c.mine.emptyText}
        actions={<LinkButton to={ordersHref}>{c.mine.myOrders}</LinkButton>}
      />
    );
  return (
    <Stack gap="md">
      {list.data.map((g) => (
        <GuestTicket key={g.id} grievance={g} now={now} />
      ))}
    </Stack>
  );
}
