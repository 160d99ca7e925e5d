import { Badge, Button, Card, Divider, Grid, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatDate } from '@repo/shared/domain/dates';
import { type ClockState, formatDateTime, grievanceClocks } from '@repo/shared/domain/grievances';
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_LIMITS,
  type GrievanceDto,
  GrievanceMessageInput,
} from '@repo/shared/schemas/grievance';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle, IconCircleCheck, IconClock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '@/components/form/fields';
import { showSubmitError } from '@/components/form/server-errors';
import type { ToastArea } from '@/lib/notify';
import { GRIEVANCE_COPY } from '../copy';

const c = GRIEVANCE_COPY.ticket;

/** The ticket's one status: closed, acknowledged (answered) or open. */
export function ticketStatus(g: GrievanceDto): { label: string; color: string } {
  if (g.status === 'closed') return { label: c.status.closed, color: 'gray' };
  if (g.acknowledgedAt) return { label: c.status.acknowledged, color: 'blue' };
  return { label: c.status.open, color: 'yellow' };
}

const CLOCK_LOOK: Record<ClockState, { color: string; icon: ReactNode }> = {
  met: { color: 'teal.9', icon: <IconCircleCheck size={16} aria-hidden /> },
  late: { color: 'orange.9', icon: <IconCircleCheck size={16} aria-hidden /> },
  running: { color: 'gray.8', icon: <IconClock size={16} aria-hidden /> },
  overdue: { color: 'red.8', icon: <IconAlertTriangle size={16} aria-hidden /> },
};

/** The two time limits of a ticket (acknowledge within 48 hours, resolve within one month), overdue said plainly. */
export function TicketClocks({ grievance, now }: { grievance: GrievanceDto; now: number }) {
  const clocks = grievanceClocks(grievance, new Date(now));
  const rows = [
    { key: 'acknowledgement', label: c.acknowledgement, clock: clocks.acknowledgement },
    { key: 'resolution', label: c.resolution, clock: clocks.resolution },
  ] as const;
  return (
    <Stack gap={6} data-testid="ticket-clocks">
      {rows.map(({ key, label, clock }) => {
        const look = CLOCK_LOOK[clock.state];
        return (
          <Group key={key} gap={8} wrap="nowrap" align="flex-start" data-testid={`clock-${key}`} data-state={clock.state}>
            <Text component="span" c={look.color} mt={2} style={{ display: 'inline-flex' }}>
              {look.icon}
            </Text>
            <div>
              <Text size="sm" fw={600}>
                {label}
                {clock.state === 'overdue' ? (
                  <Badge color="red.8" variant="filled" size="sm" ml={8}>
                    {c.overdue}
                  </Badge>
                ) : null}
              </Text>
              <Text size="sm" c={look.color}>
                {c.clock(clock.state, formatDateTime(clock.due), clock.doneAt ? formatDateTime(clock.doneAt) : null)}
              </Text>
            </div>
          </Group>
        );
      })}
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * One complaint's ticket: its number and status, the order it is about, the complaint, both time limits and the
 * thread of answers; `viewer` says whose side it is read from ('guest': the guest's own messages read "You").
 * `children` go under the thread (a message form, the close button).
 */
export function Ticket({
  grievance: g,
  now,
  viewer,
  children,
}: {
  grievance: GrievanceDto;
  now: number;
  viewer: 'guest' | 'staff';
  children?: ReactNode;
}) {
  const status = ticketStatus(g);
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="article" aria-label={g.ticket} data-testid="ticket">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} fz={{ base: 'lg', sm: 'xl' }} data-testid="ticket-number">
              {g.ticket}
            </Title>
            <Text size="sm" c="gray.7">
              {c.raisedOn(formatDateTime(g.createdAt))}
            </Text>
          </div>
          <Badge color={status.color} variant="dot" size="lg" data-testid="ticket-status">
            {status.label}
          </Badge>
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <Field label={c.stay} value={g.hotelName} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <Field label={c.order} value={g.orderId ?? '—'} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <Field label={c.dates} value={`${formatDate(g.from)} to ${formatDate(g.to)}`} />
          </Grid.Col>
          {viewer === 'staff' ? (
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <Field label={c.guest} value={g.guestName} />
            </Grid.Col>
          ) : null}
          <Grid.Col span={12}>
            <Field label={c.category} value={GRIEVANCE_CATEGORY_LABELS[g.category]} testId="ticket-category" />
          </Grid.Col>
          <Grid.Col span={12}>
            <Field label={c.description} value={<span style={{ whiteSpace: 'pre-wrap' }}>{g.description}</span>} />
          </Grid.Col>
        </Grid>
        <Paper withBorder radius="sm" p="sm" bg="gray.0">
          <Text size="xs" c="gray.7" tt="uppercase" fw={600} lts={0.3} mb={6}>
            {c.clocks}
          </Text>
          <TicketClocks grievance={g} now={now} />
        </Paper>
        <Divider />
        <section aria-label={c.thread}>
          <Text size="xs" c="gray.7" tt="uppercase" fw={600} lts={0.3} mb={6}>
            {c.thread}
          </Text>
          {g.messages.length ? (
            <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="ticket-thread">
              {g.messages.map((m) => (
                <li key={m.id}>
                  <Paper
                    radius="sm"
                    p="sm"
                    bg={m.author === 'guest' ? 'gray.1' : 'blue.0'}
                    ml={m.author === 'guest' ? 0 : { base: 'md', sm: 'xl' }}
                  >
                    <Text size="xs" fw={600} c="gray.8">
                      {viewer === 'guest' && m.author === 'guest' ? c.you : `${c.author[m.author]} · ${m.authorName}`} ·{' '}
                      {formatDateTime(m.createdAt)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {m.body}
                    </Text>
                  </Paper>
                </li>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="gray.7">
              {c.noAnswers}
            </Text>
          )}
        </section>
        {g.closedAt ? (
          <Text size="sm" c="gray.8" data-testid="ticket-closed">
            {c.closedNote(formatDateTime(g.closedAt))}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}

/** A message for the thread, checked by the shared schema; the text is cleared once it is sent. */
export function MessageForm({
  label,
  placeholder,
  submitLabel,
  pending,
  area,
  onSend,
}: {
  label: string;
  placeholder: string;
  submitLabel: string;
  pending: boolean;
  area: ToastArea;
  onSend: (body: GrievanceMessageInput, done: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}) {
  const form = useForm<GrievanceMessageInput>({ resolver: zodResolver(GrievanceMessageInput), defaultValues: { body: '' } });
  const onSubmit = form.handleSubmit((values) =>
    onSend(values, { onSuccess: () => form.reset({ body: '' }), onError: showSubmitError(form.setError, ['body'], area) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="xs">
        <Textarea
          label={label}
          placeholder={placeholder}
          rows={3}
          maxLength={GRIEVANCE_LIMITS.messageMax}
          {...fieldProps(form, 'body')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Close complaint" with a confirmation. */
export function CloseTicketButton({ pending, onConfirm }: { pending: boolean; onConfirm: (done: () => void) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={() => setOpen(true)}>
          {c.close}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={c.closeTitle}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">{c.closeText}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)}>
              {c.keepOpen}
            </Button>
            <Button color="red" loading={pending} onClick={() => onConfirm(() => setOpen(false))}>
              {c.confirmClose}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
