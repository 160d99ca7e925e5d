import { useSearchParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { FORM_C_COPY, FormCList } from '@/features/form-c';

const c = FORM_C_COPY.list;

/** /admin/formC: the Form Cs of foreign guests at the admin's stays, those to submit first (?state=all: every one). */
export default function FormCScreen() {
  const [params, setParams] = useSearchParams();
  const state = params.get('state') === 'all' ? 'all' : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <AdminPage size="lg" title={c.title} subtitle={c.description}>
      <FormCList
        state={state}
        page={page}
        onChange={(view) => {
          const next = new URLSearchParams();
          if (view.state === 'all') next.set('state', 'all');
          if (view.page > 1) next.set('page', String(view.page));
          setParams(next, { replace: true });
        }}
      />
    </AdminPage>
  );
}
