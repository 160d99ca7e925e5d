import { Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { FormCard } from '@/components/ui/form-card';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useConfirmEmail } from '../api/confirm-email';
import { authCopy } from '../copy';
import { LinkCheckCard, useAuthTitle } from './auth-form-parts';

const copy = authCopy.confirm;

/**
 * The mailed confirmation link's page (/confirm-email/:id/:token): confirms the address as soon as it opens, then
 * says so and leads on to the stays; a used or expired link says what to do (log in and ask for a new one).
 */
export function ConfirmEmail({ userId, token }: { userId: string; token: string }) {
  const query = useConfirmEmail(userId, token);
  useAuthTitle(copy.title, 'guest');

  if (query.isPending || query.isError) {
    return (
      <LinkCheckCard
        title={copy.title}
        checking={copy.checking}
        failed={copy.failed}
        error={query.error}
        action={
          <LinkButton to={paths.login.getHref()} variant="light">
            {copy.login}
          </LinkButton>
        }
      />
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
