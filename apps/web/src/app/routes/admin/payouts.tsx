import { Skeleton, Stack } from '@mantine/core';
import { AdminPage } from '@/components/ui/admin-page';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useAdminMe } from '@/features/admin-users/api/get-admin-me';
import { QueryState } from '@/components/ui/query-state';
import { usePayoutProfile } from '@/features/payouts/api/payouts';
import { GstDeclarationsSection } from '@/features/payouts/components/gst-declarations-section';
import { PayoutDetailsForm } from '@/features/payouts/components/payout-details-form';
import { ReportsSection } from '@/features/payouts/components/reports-section';
import { SettlementsSection } from '@/features/payouts/components/settlements-section';
import { PAYOUTS_COPY } from '@/features/payouts/copy';

/**
 * /admin/payouts: the owner's balance, settlements with their payouts, payout details, GST declarations per state,
 * monthly reports and quarterly TDS statements.
 */
export default function PayoutsScreen() {
  const profile = usePayoutProfile();
  const me = useAdminMe();
  return (
    <AdminPage
      size="lg"
      title={PAYOUTS_COPY.title}
      subtitle={PAYOUTS_COPY.subtitle}
      action={
        me.data?.isPlatform ? (
          <LinkButton to={paths.admin.platformMonth.getHref()} variant="light">
            {PAYOUTS_COPY.platform.open}
          </LinkButton>
        ) : null
      }
    >
      <Stack gap="lg">
        <SettlementsSection />
        <QueryState
          query={profile}
          skeleton={<Skeleton h={200} />}
          errorTitle={PAYOUTS_COPY.settlements.loadError}
          recover={{ retry: PAYOUTS_COPY.settlements.retry }}
        >
          {(data) => <PayoutDetailsForm profile={data.profile} />}
        </QueryState>
        <GstDeclarationsSection />
        <ReportsSection />
      </Stack>
    </AdminPage>
  );
}
