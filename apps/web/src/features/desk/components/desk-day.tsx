import { GUEST_ID_TYPES, type GuestIdType } from '@repo/shared/constants/domain';
import { formatRange } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import type { DeskBookingDto } from '@repo/shared/schemas/desk';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { FormCDialog } from '@/features/form-c';
import { download } from '@/features/owner';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { useCheckIn, useCheckOut, useDeskDay, useDeskPayment, useNoShow } from '../api/desk';
import { DESK_COPY } from '../copy';

const c = DESK_COPY.desk;

type Dialog = { kind: 'check-in' | 'pay' | 'check-out'; booking: DeskBookingDto } | null;

function CheckInDialog({ booking, onClose }: { booking: DeskBookingDto; onClose: () => void }) {
  const t = DESK_COPY.id;
  const checkIn = useCheckIn();
  const [nationality, setNationality] = useState<'indian' | 'foreign'>('indian');
  const [idType, setIdType] = useState<GuestIdType>('aadhaar');
  const [idNumber, setIdNumber] = useState('');
  const [formC, setFormC] = useState(false);
  const foreign = nationality === 'foreign';
  const fieldErrors = checkIn.error instanceof ApiError ? (checkIn.error.fieldErrors ?? {}) : {};
  return (
    <Modal opened onClose={onClose} title={t.title(booking.guestName)} closeButtonProps={{ 'aria-label': t.close }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          checkIn.mutate(
            { id: booking.id, body: { nationality, idType: foreign ? 'passport' : idType, idNumber } },
            {
              onSuccess: () => {
                toast.success(c.done.checkIn, 'admin');
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          {checkIn.isError && !fieldErrors.idNumber && (
            <Alert color="red" role="alert">
              {checkIn.error.message}
            </Alert>
          )}
          <div>
            <Text size="sm" fw={500} mb={4} id="check-in-nationality">
              {t.nationality}
            </Text>
            <SegmentedControl
              aria-labelledby="check-in-nationality"
              value={nationality}
              onChange={(v) => setNationality(v === 'foreign' ? 'foreign' : 'indian')}
              data={[
                { value: 'indian', label: t.indian },
                { value: 'foreign', label: t.foreign },
              ]}
            />
          </div>
          {foreign && (
            <Alert color="blue" variant="light">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t.foreignHint}</Text>
                <Button size="xs" variant="light" onClick={() => setFormC(true)}>
                  {t.formC}
                </Button>
              </Stack>
            </Alert>
          )}
          <Select
            label={t.type}
            data={t.types}
            disabled={foreign}
            value={foreign ? 'passport' : idType}
            onChange={(v) => setIdType(GUEST_ID_TYPES.find((t) => t === v) ?? 'aadhaar')}
            allowDeselect={false}
            error={fieldErrors.idType}
          />
          <TextInput
            label={t.number}
            description={!foreign && idType === 'aadhaar' ? t.aadhaarHint : t.otherHint}
            required
            autoComplete="off"
            value={idNumber}
            maxLength={!foreign && idType === 'aadhaar' ? 4 : 20}
            inputMode={!foreign && idType === 'aadhaar' ? 'numeric' : 'text'}
            onChange={(e) => setIdNumber(e.currentTarget.value)}
            error={fieldErrors.idNumber}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={checkIn.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
      <FormCDialog bookingId={booking.id} editing={null} opened={formC} onClose={() => setFormC(false)} />
    </Modal>
  );
}

/** Takes what is due (a payment) or checks out (settling what is due, if anything). */
function PayDialog({ booking, checkingOut, onClose }: { booking: DeskBookingDto; checkingOut: boolean; onClose: () => void }) {
  const t = DESK_COPY.pay;
  const pay = useDeskPayment();
  const out = useCheckOut();
  const m = checkingOut ? out : pay;
  const [method, setMethod] = useState<'cash' | 'upi_desk' | 'card_desk'>('cash');
  const [reference, setReference] = useState('');
  const fieldErrors = m.error instanceof ApiError ? (m.error.fieldErrors ?? {}) : {};
  const payment = { method, reference };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const done = () => {
      toast.success(checkingOut ? c.done.checkOut : c.done.payment, 'admin');
      onClose();
    };
    if (checkingOut) out.mutate({ id: booking.id, body: booking.due > 0 ? { payment } : {} }, { onSuccess: done });
    else pay.mutate({ id: booking.id, body: payment }, { onSuccess: done });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={checkingOut ? t.checkOutTitle(booking.guestName) : t.title(booking.guestName)}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {m.isError && Object.keys(fieldErrors).length === 0 && (
            <Alert color="red" role="alert">
              {m.error.message}
            </Alert>
          )}
          <Text fw={600}>{booking.due > 0 ? t.due(formatPaise(booking.due)) : t.nothingDue}</Text>
          {booking.due > 0 && (
            <>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="pay-method-label">
                  {t.method}
                </Text>
                <SegmentedControl
                  aria-labelledby="pay-method-label"
                  value={method}
                  onChange={(v) => setMethod(v === 'upi_desk' || v === 'card_desk' ? v : 'cash')}
                  data={[...t.methods]}
                />
              </Stack>
              {method !== 'cash' && (
                <TextInput
                  label={t.reference}
                  description={t.referenceHint}
                  required
                  value={reference}
                  onChange={(e) => setReference(e.currentTarget.value)}
                  error={fieldErrors.reference ?? fieldErrors['payment.reference']}
                />
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={m.isPending}>
              {checkingOut ? t.checkOut : t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function BookingCard({ b, today, onDialog }: { b: DeskBookingDto; today: string; onDialog: (d: Dialog) => void }) {
  const noShow = useNoShow();
  const invoice = b.documents.find((d) => d.kind === 'invoice');
  const canCheckIn = b.arrival === null && b.from <= today && b.to > today;
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={b.guestName}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div>
          <Text fw={600}>{b.guestName}</Text>
          <Text size="xs" c="gray.7">
            {c.rooms(b.rooms.map((r) => r.number))} · {formatRange(b.from, b.to)}
            {b.guestMobile ? ` · ${b.guestMobile}` : ''}
          </Text>
          {b.guestId && (
            <Text size="xs" c="gray.7">
              {c.idShown(DESK_COPY.id.types.find((t) => t.value === b.guestId?.type)?.label ?? b.guestId.type, b.guestId.masked)}
            </Text>
          )}
        </div>
        <Text size="sm" fw={600} c={b.due > 0 ? 'orange.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
          {b.due > 0 ? c.due(formatPaise(b.due)) : c.paid}
        </Text>
      </Group>
      {(b.arrival || b.source === 'desk') && (
        <Group gap={6} mt={6}>
          {b.arrival && <Badge variant="light">{c.status[b.arrival]}</Badge>}
          {b.source === 'desk' && (
            <Badge variant="outline" color="gray.8">
              {c.walkIn}
            </Badge>
          )}
        </Group>
      )}
      <Group gap="xs" mt="xs">
        {canCheckIn && (
          <Button size="xs" onClick={() => onDialog({ kind: 'check-in', booking: b })}>
            {c.checkIn}
          </Button>
        )}
        {b.arrival === 'checked_in' && (
          <Button size="xs" onClick={() => onDialog({ kind: 'check-out', booking: b })}>
            {c.checkOut}
          </Button>
        )}
        {b.due > 0 && b.arrival !== 'no_show' && (
          <Button size="xs" variant="light" onClick={() => onDialog({ kind: 'pay', booking: b })}>
            {c.takePayment}
          </Button>
        )}
        {b.arrival === null && (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={noShow.isPending}
            onClick={() => {
              if (!window.confirm(c.confirmNoShow(b.guestName))) return;
              noShow.mutate(
                { id: b.id },
                { onSuccess: () => toast.success(c.done.noShow, 'admin'), onError: (e) => toast.fromError(e, 'admin') },
              );
            }}
          >
            {c.noShow}
          </Button>
        )}
        {invoice && (
          <Button
            size="xs"
            variant="default"
            aria-label={`${c.invoice} ${invoice.number}`}
            onClick={() =>
              download(`/admin/documents/${invoice.id}/file`, { auth: 'admin', fallbackName: `${invoice.number}.pdf` }).catch(
                (e) => toast.fromError(e, 'admin'),
              )
            }
          >
            {c.invoice} {invoice.number}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function Section({
  title,
  list,
  today,
  onDialog,
}: {
  title: string;
  list: DeskBookingDto[];
  today: string;
  onDialog: (d: Dialog) => void;
}) {
  const id = `desk-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="md" mb="xs" id={id}>
        {title} ({list.length})
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="gray.7">
          {c.none}
        </Text>
      ) : (
        <Stack gap="xs">
          {list.map((b) => (
            <BookingCard key={b.id} b={b} today={today} onDialog={onDialog} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** A stay's day at the desk: arrivals, guests in house, departures and no-shows, each with its actions. */
export function DeskDay({ stayId }: { stayId: string }) {
  const day = useDeskDay(stayId);
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <QueryState
      query={day}
      skeleton={
        <Stack role="status" aria-busy="true" aria-label={c.loading}>
          <Skeleton height={120} radius="lg" />
          <Skeleton height={120} radius="lg" />
        </Stack>
      }
      errorTitle={c.loadError}
      errorText={missingOr(c.notFound)}
      recover={{ retry: c.retry }}
    >
      {(data) => (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title={c.arrivals} list={data.arrivals} today={data.today} onDialog={setDialog} />
            <Section title={c.inHouse} list={data.inHouse} today={data.today} onDialog={setDialog} />
            <Section title={c.departures} list={data.departures} today={data.today} onDialog={setDialog} />
            <Section title={c.noShows} list={data.noShows} today={data.today} onDialog={setDialog} />
          </SimpleGrid>
          {dialog?.kind === 'check-in' && <CheckInDialog booking={dialog.booking} onClose={() => setDialog(null)} />}
          {(dialog?.kind === 'pay' || dialog?.kind === 'check-out') && (
            <PayDialog booking={dialog.booking} checkingOut={dialog.kind === 'check-out'} onClose={() => setDialog(null)} />
          )}
        </>
      )}
    </QueryState>
  );
}
