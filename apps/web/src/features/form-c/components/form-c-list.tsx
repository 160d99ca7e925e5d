import { Alert, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { FORM_C_LIMITS } from '@repo/shared/schemas/form-c';
import { QueryState } from '@/components/ui/query-state';
import { Pager } from '@/components/ui/pager';
import { SkeletonGrid } from '@/components/ui/skeleton-grid';
import { useFormCList } from '../api/form-c';
import { FORM_C_COPY } from '../copy';
import { FormCCard } from './form-c-reports';

const c = FORM_C_COPY.list;

/** The owner's Form Cs: those to submit (the default: overdue, then due soonest), or all; 20 a page. */
export function FormCList({
  state,
  page,
  onChange,
}: {
  state: 'open' | 'all';
  page: number;
  onChange: (view: { state: 'open' | 'all'; page: number }) => void;
}) {
  const list = useFormCList(state, page);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / FORM_C_LIMITS.pageSize));
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={c.status}
        value={state}
        onChange={(v) => onChange({ state: v === 'all' ? 'all' : 'open', page: 1 })}
        data={[
          { value: 'open', label: c.open },
          { value: 'all', label: c.all },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryState
        query={list}
        skeleton={<SkeletonGrid count={4} height={120} cols={{ base: 1, md: 2 }} label={c.loading} />}
        errorTitle={c.loadError}
        recover={{ retry: FORM_C_COPY.retry }}
      >
        {(data) =>
          data.reports.length === 0 ? (
            <Alert variant="light" color="gray">
              {state === 'open' ? c.empty : c.emptyAll}
            </Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {data.reports.map((r) => (
                <FormCCard key={r.id} report={r} showBooking />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      {pages > 1 && <Pager total={pages} value={page} onChange={(p) => onChange({ state, page: p })} />}
    </Stack>
  );
}
