import { roomWords } from '../room-words';
import { formatDate, formatRange, INDIA_TZ } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import type { ReservationDto } from '@repo/shared/schemas/owner';
import { Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useReservation } from '../api/reservations';
import { OWNER_COPY } from '../copy';
import { StatusBadge } from './reservation-bits';
import { ReservationDocuments } from './reservation-documents';

const c = OWNER_COPY.detail;

function Fields({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 16, rowGap: 8 }}
    >
      {children}
    </Box>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="gray.7">
        {term}
      </Text>
      <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" withBorder radius="lg" p="lg" aria-labelledby={id}>
      <Title order={2} fz="lg" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * A booking's guest, stay and money; `children` follow the money (e.g. its tax documents), and `actions` fill the
 * actions area (e.g. a cancel button).
 */
export function ReservationView({ r, actions, children }: { r: ReservationDto; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} fz="lg">
          {r.stayName}
        </Text>
        <StatusBadge status={r.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section id="reservation-guest" title={c.guest}>
          <Fields>
            <Field term={c.name}>{r.guest.name}</Field>
            <Field term={c.email}>{r.guest.email}</Field>
            <Field term={c.mobile}>{r.guest.mobile}</Field>
            <Field term={c.guests}>{c.guestsValue(r.adults, r.children)}</Field>
          </Fields>
        </Section>
        <Section id="reservation-stay" title={c.stay}>
          <Fields>
            <Field term={c.dates}>{formatRange(r.from, r.to)}</Field>
            <Field term={c.rooms}>{r.rooms.map(roomWords).join(', ') || c.none}</Field>
            <Field term={c.status}>{OWNER_COPY.status[r.status]}</Field>
            {r.status === 'pending_payment' && r.holdExpiresAt && (
              <Field term={c.holdUntil}>{new Date(r.holdExpiresAt).toLocaleString('en-IN', { timeZone: INDIA_TZ })}</Field>
            )}
            <Field term={c.bookedAt}>{formatDate(r.createdAt)}</Field>
          </Fields>
        </Section>
      </SimpleGrid>
      {r.amount === null || r.paid === null || r.refunded === null ? (
        // Front-desk staff see no money (ADR 066): only the booking's references.
        <Section id="reservation-money" title={c.references}>
          <Fields>
            <Field term={c.bookingId}>{r.id}</Field>
          </Fields>
        </Section>
      ) : (
        <Section id="reservation-money" title={c.money}>
          <Fields>
            <Field term={c.amount}>{formatPaise(r.amount)}</Field>
            <Field term={c.paid}>{formatPaise(r.paid)}</Field>
            <Field term={c.refunded}>{formatPaise(r.refunded)}</Field>
            <Field term={c.refundStatus}>{r.refundStatus ? OWNER_COPY.refund[r.refundStatus] : c.none}</Field>
            {r.compensation !== null && r.compensation > 0 && (
              <Field term={c.compensation}>
                {formatPaise(r.compensation)}
                <Text size="xs" c="gray.7">
                  {c.compensationNote}
                </Text>
              </Field>
            )}
            <Field term={c.orderId}>{r.orderId ?? c.none}</Field>
            <Field term={c.paymentId}>{r.paymentId ?? c.none}</Field>
            <Field term={c.bookingId}>{r.id}</Field>
          </Fields>
        </Section>
      )}
      {children}
      {actions && (
        <Group component="section" aria-label={c.actions} gap="sm" data-testid="reservation-actions">
          {actions}
        </Group>
      )}
    </Stack>
  );
}

/**
 * One booking of the admin's stays, loaded by id: skeleton, not-found or error, or the booking with its tax
 * documents. `backHref` is the reservations list to return to.
 */
export function ReservationDetail({
  id,
  actions,
  extra,
  backHref = paths.admin.reservations.getHref(),
}: {
  id: string;
  actions?: (r: ReservationDto) => ReactNode;
  /** Sections under the booking once it is loaded (its guests' Form Cs, what staff did on it). */
  extra?: (r: ReservationDto) => ReactNode;
  backHref?: string;
}) {
  const reservation = useReservation(id);
  return (
    <QueryState
      query={reservation}
      skeleton={
        <Stack role="status" aria-busy="true" aria-label={c.loading}>
          <Skeleton height={160} radius="lg" />
          <Skeleton height={160} radius="lg" />
        </Stack>
      }
      errorTitle={c.loadError}
      errorText={missingOr(c.notFound)}
      recover={{ label: c.back, to: backHref }}
    >
      {(r) => (
        <ReservationView r={r} actions={actions?.(r)}>
          {/* Tax documents are money: not for front-desk staff (ADR 066). */}
          {r.amount !== null && <ReservationDocuments bookingId={r.id} />}
          {extra?.(r)}
        </ReservationView>
      )}
    </QueryState>
  );
}
