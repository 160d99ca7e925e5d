import { todayInIndia } from '@repo/shared/domain/dates';
import { isOneOf } from '@repo/shared/domain/one-of';
import { INVOICE_KINDS, Month } from '@repo/shared/schemas/gst';
import { useSearchParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import type { DocumentFilters } from '@/features/owner/api/documents';
import { DocumentsList } from '@/features/owner/components/documents-list';
import { OWNER_COPY } from '@/features/owner/copy';

const c = OWNER_COPY.documents;

/** /admin/documents: the tax documents of the admin's stays by month (this month unless the URL says another). */
export default function DocumentsScreen() {
  const [params, setParams] = useSearchParams();
  const thisMonth = todayInIndia().slice(0, 7);
  const month = params.get('month') ?? '';
  const kind = params.get('kind') ?? '';
  const filters: DocumentFilters = {
    month: Month.safeParse(month).success && month <= thisMonth ? month : thisMonth,
    stayId: params.get('stayId') || undefined,
    kind: isOneOf(INVOICE_KINDS, kind) ? kind : undefined,
  };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <AdminPage size="lg" title={c.title} subtitle={c.subtitle}>
      <DocumentsList
        filters={filters}
        page={page}
        thisMonth={thisMonth}
        onChange={(next, p) => {
          const search = new URLSearchParams();
          if (next.month !== thisMonth) search.set('month', next.month);
          if (next.stayId) search.set('stayId', next.stayId);
          if (next.kind) search.set('kind', next.kind);
          if (p > 1) search.set('page', String(p));
          setParams(search);
        }}
      />
    </AdminPage>
  );
}
