import { Outlet } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { StatusPage } from '@/components/ui/status-page';
import { common } from '@/copy/common';
import { useAdminMe } from '../api/get-admin-me';

/**
 * Guard of a stay owner's own screens (payouts, settlements, tax documents, staff, adding a stay; ADR 066): a staff
 * member who opens one sees the not-allowed page, never a half-loaded screen. Only hides UI; the API answers 403 too.
 */
export function RequireOwner() {
  const me = useAdminMe();
  if (me.isPending) return <LoadingState label={common.states.loading} />;
  if (me.isError)
    return (
      <ErrorState
        title={common.states.errorTitle}
        description={me.error.message}
        onRetry={() => void me.refetch()}
        retryLabel={common.actions.retry}
      />
    );
  if (me.data.staff) return <StatusPage copy={common.ownerOnly} />;
  return <Outlet />;
}
