import { useDocumentTitle } from '@mantine/hooks';
import { PageContainer } from '@/components/ui/page-container';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { MyComplaints } from '@/features/grievances/components/my-complaints';
import { GRIEVANCE_COPY } from '@/features/grievances/copy';
import { useTokenUser } from '@/lib/auth';

const c = GRIEVANCE_COPY.mine;

/** My complaints (/complaints): the signed-in guest's complaints about their orders, with every answer. */
export default function ComplaintsScreen() {
  useDocumentTitle(`${c.title} | ${common.brand}`);
  const user = useTokenUser('guest');
  return (
    <PageContainer title={c.title} description={c.description} size="md">
      <MyComplaints ordersHref={user ? paths.orders.getHref(user.id) : paths.home.getHref()} />
    </PageContainer>
  );
}
