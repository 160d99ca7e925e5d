import { Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { ErrorState } from '@/components/ui/error-state';
import { FormCard } from '@/components/ui/form-card';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { useConfirmEmail } from '../api/confirm-email';
import { authCopy } from '../copy';
import { useAuthTitle } from './auth-form-parts';

const copy = authCopy.confirm;

/**
 * The mailed confirmation link's page (/confirm-email/:id/:token): confirms the address as soon as it opens, then
 * says so and leads on to the stays; a used or expired link says what to do (log in and ask for a new one).
 */
export function ConfirmEmail({ userId, token }: { userId: string; token: string }) {
  const query = useConfirmEmail(userId, token);
  useAuthTitle(copy.title, 'guest');

  if (query.isPending) {
    return (
      <FormCard title={copy.title}>
        <LoadingState label={copy.checking} minHeight={120} />
      </FormCard>
    );
  }

  if (query.isError) {
    return (
      <FormCard title={copy.title}>
        <ErrorState
          title={copy.failed}
          description={query.error.message}
          actions={
            <LinkButton to={paths.login.getHref()} variant="light">
              {copy.login}
            </LinkButton>
          }
        />
      </FormCard>
    );
  }

  return (
    <FormCard icon={<IconMailCheck size={36} aria-hidden />} title={copy.done}>
      <Stack gap="lg" align="stretch">
        <Text ta="center" role="status">
          {query.data.message}
        </Text>
        <LinkButton to={paths.home.getHref()} size="md" fullWidth>
          {copy.book}
        </LinkButton>
      </Stack>
    </FormCard>
  );
}
