import type { UserDto } from '@repo/shared/schemas/auth';
import { useDocumentTitle, useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { PageContainer } from '@/components/ui/page-container';
import { common } from '@/copy/common';
import { EditProfileDialog } from '@/features/accounts/components/edit-profile-dialog';
import { MyDataCard } from '@/features/accounts/components/my-data-card';
import { ProfileDetails } from '@/features/accounts/components/profile-details';
import { accountsCopy } from '@/features/accounts/copy';
import { useMe } from '@/features/auth/api/get-me';
import { queryKeys } from '@/lib/query-keys';

/** My Profile: the personal details card and the edit dialog; a copy of one's data, and deleting the account. */
export default function MyProfileScreen() {
  const copy = accountsCopy.profile;
  const me = useMe();
  const queryClient = useQueryClient();
  const [editing, { open, close }] = useDisclosure(false);
  useDocumentTitle(`${copy.title} | ${common.brand}`);

  const onSaved = (user: UserDto) => queryClient.setQueriesData<UserDto>({ queryKey: queryKeys.me.all }, user);

  return (
    <PageContainer title={copy.title} description={copy.subtitle} size="md">
      {me.isPending ? (
        <LoadingState label={common.states.loading} />
      ) : me.isError ? (
        <ErrorState
          title={copy.loadError}
          description={me.error.message}
          onRetry={() => void me.refetch()}
          retryLabel={common.actions.retry}
        />
      ) : (
        <>
          <ProfileDetails user={me.data} onEdit={open} />
          <EditProfileDialog user={me.data} opened={editing} onClose={close} onSaved={onSaved} />
          <MyDataCard />
        </>
      )}
    </PageContainer>
  );
}
