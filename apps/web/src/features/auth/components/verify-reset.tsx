import { Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { FormCard } from '@/components/ui/form-card';
import { LinkButton } from '@/components/ui/link-button';
import { toast } from '@/lib/notify';
import { useVerifyReset } from '../api/verify-reset';
import { type Area, areaRoutes, resetHref, toastAreaOf } from '../area';
import { authCopy } from '../copy';
import { LinkCheckCard, useAuthTitle } from './auth-form-parts';

/**
 * The mailed link's page (/forgotpassword/:id/verify/:token): checks the link, then offers the reset form with
 * the id and token carried along. A bad link toasts the server's message and shows 'error'.
 */
export function VerifyReset({ area, userId, token }: { area: Area; userId: string; token: string }) {
  const copy = authCopy.verify;
  const query = useVerifyReset(area, userId, token);
  const toasted = useRef(false);
  useAuthTitle(copy.title, area);

  useEffect(() => {
    if (query.isError && !toasted.current) {
      toasted.current = true;
      toast.fromError(query.error, toastAreaOf(area));
    }
  }, [query.isError, query.error, area]);

  if (query.isPending || query.isError) {
    return (
      <LinkCheckCard
        title={copy.title}
        checking={copy.checking}
        failed={copy.error}
        error={query.error}
        action={
          <LinkButton to={areaRoutes(area).forgotPassword} variant="light">
            {copy.newLink}
          </LinkButton>
        }
      />
    );
  }

  return (
    <FormCard icon={<IconKey size={36} aria-hidden />} title={copy.title}>
      <Stack gap="lg" align="stretch">
        <Text ta="center">{copy.prompt}</Text>
        <LinkButton to={resetHref(area, userId, token)} size="md" fullWidth>
          {copy.button}
        </LinkButton>
      </Stack>
    </FormCard>
  );
}
