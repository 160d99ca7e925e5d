import { Outlet } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { NotAllowed } from '@/components/ui/not-allowed';
import { common } from '@/copy/common';
import { useAdminMe } from '../api/get-admin-me';

/**
 * Guard of the platform's screens (the users list and edit, ADR 023): a stay owner who opens one sees the
 * not-allowed page, never a half-loaded screen. Only hides UI; the API answers 403 all the same.
 */
export function RequirePlatform() {
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
  if (!me.data.isPlatform) return <NotAllowed />;
  return <Outlet />;
}
