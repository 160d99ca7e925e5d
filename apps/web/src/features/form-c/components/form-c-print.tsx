import { Alert, Anchor, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { countryName } from '@repo/shared/constants/countries';
import { formatDate, INDIA_TZ } from '@repo/shared/domain/dates';
import { FORM_C_WORDS, type FormCFull } from '@repo/shared/schemas/form-c';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { toast } from '@/lib/notify';
import { useDownloadFormC, useFullFormC } from '../api/form-c';
import { FORM_C_COPY } from '../copy';
import { FormCStatusBadge } from './form-c-reports';
import classes from './print.module.css';

const c = FORM_C_COPY;
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { timeZone: INDIA_TZ, dateStyle: 'medium', timeStyle: 'short' });

function Rows({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Box component="section" style={{ breakInside: 'avoid' }}>
      <Title order={2} fz="md" mb={6}>
        {title}
      </Title>
      <Box
        component="dl"
        m={0}
        style={{ display: 'grid', gridTemplateColumns: 'minmax(7rem, 14rem) minmax(0, 1fr)', columnGap: 16, rowGap: 6 }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="gray.7">
              {term}
            </Text>
            <Box component="dd" m={0} fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Report({ r }: { r: FormCFull }) {
  const f = c.form;
  const d = r.details;
  const s = r.summary;
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1} fz="xl">
              {c.print.title}
            </Title>
            <Text size="xs" c="gray.7">
              {c.print.law}
            </Text>
          </div>
          <FormCStatusBadge status={s.status} />
        </Group>
        <Rows
          title={c.print.stay}
          rows={[
            [c.print.stay, `${r.stay.name}, ${[r.stay.address, r.stay.city, r.stay.state].filter(Boolean).join(', ')}`],
            [c.print.arrival, when(s.arrivedAt)],
            [c.print.departure, formatDate(r.checkOut)],
            [c.print.booking, s.bookingId],
            s.submittedAt ? [c.print.submittedWith, `${s.reference} (${when(s.submittedAt)})`] : [c.print.dueBy, when(s.dueAt)],
          ]}
        />
        {d ? (
          <>
            <Rows
              title={f.person}
              rows={[
                [f.surname, d.surname],
                [f.givenNames, d.givenNames],
                [f.sex, FORM_C_WORDS.sex[d.sex]],
                [f.dateOfBirth, formatDate(d.dateOfBirth)],
                [f.nationality, countryName(d.nationality)],
                [f.addressAbroad, d.addressAbroad],
              ]}
            />
            <Rows
              title={f.passportTitle}
              rows={[
                [f.passportNumber, d.passportNumber],
                [f.placeOfIssue, d.passportPlaceOfIssue],
                [f.issuedOn, formatDate(d.passportIssuedOn)],
                [f.expiresOn, formatDate(d.passportExpiresOn)],
              ]}
            />
            <Rows
              title={f.visaTitle}
              rows={[
                [f.visaType, FORM_C_WORDS.visaType[d.visaType]],
                [f.visaNumber, d.visaNumber],
                [f.placeOfIssue, d.visaPlaceOfIssue],
                [f.issuedOn, formatDate(d.visaIssuedOn)],
                [f.expiresOn, formatDate(d.visaExpiresOn)],
              ]}
            />
            <Rows
              title={f.travelTitle}
              rows={[
                [f.arrivedInIndiaOn, formatDate(d.arrivedInIndiaOn)],
                [c.print.arrivedFrom, `${d.arrivedFrom.place}, ${countryName(d.arrivedFrom.country)}`],
                [c.print.nextDestination, `${d.nextDestination.place}, ${countryName(d.nextDestination.country)}`],
                [f.purpose, FORM_C_WORDS.purpose[d.purpose]],
              ]}
            />
          </>
        ) : (
          <Alert variant="light" color="gray">
            {c.print.erased}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** One Form C laid out to print (the page's own buttons are left off the paper), with its CSV for the portal. */
export function FormCPrint({ id }: { id: string }) {
  const report = useFullFormC(id);
  const csv = useDownloadFormC();
  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" className={classes.noPrint} wrap="wrap">
        {report.data ? (
          <Anchor component={Link} to={paths.admin.reservation.getHref(report.data.summary.bookingId)} size="sm">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {c.print.back}
          </Anchor>
        ) : (
          <span />
        )}
        {report.data?.details && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={csv.isPending}
              onClick={() => csv.mutate(id, { onError: (err) => toast.error(err.message, 'admin') })}
            >
              {c.actions.csv}
            </Button>
            <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              {c.print.print}
            </Button>
          </Group>
        )}
      </Group>
      <QueryState
        query={report}
        skeleton={<Skeleton height={480} radius="md" aria-label={c.print.loading} />}
        errorTitle={c.print.loadError}
        errorText={missingOr(c.print.notFound)}
        recover={{ label: FORM_C_COPY.nav, to: paths.admin.formC.getHref() }}
      >
        {(r) => <Report r={r} />}
      </QueryState>
    </Stack>
  );
}
