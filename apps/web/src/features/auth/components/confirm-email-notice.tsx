import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { toast } from '@/lib/notify';
import { useResendConfirmation } from '../api/confirm-email';
import { useMe } from '../api/get-me';
import { authCopy } from '../copy';

const copy = authCopy.confirm;

/**
 * Shown to a signed-in guest whose email address is not confirmed yet, where they would book: what to do, and a
 * button that mails the link again. Nothing for anyone else (or while the user loads).
 */
export function ConfirmEmailNotice({ mt, mb }: { mt?: string; mb?: string }) {
  const me = useMe();
  const resend = useResendConfirmation();
  if (me.data?.emailConfirmed !== false) return null;
  return (
    <Alert
      mt={mt}
      mb={mb}
      color="yellow"
      variant="light"
      icon={<IconMail size={20} aria-hidden />}
      title={copy.notice}
      data-testid="confirm-email-notice"
      // A standing notice, not an interruption: read in its place, not announced at once.
      role="region"
      aria-label={copy.notice}
      // The light yellow's own title colour is too faint on its background (WCAG AA): the title is dark.
      styles={{ title: { color: 'var(--mantine-color-dark-8)' }, icon: { color: 'var(--mantine-color-yellow-9)' } }}
    >
      <Group justify="space-between" gap="sm" align="center">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {copy.noticeText(me.data.email)}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (res) => toast.success(res.message),
              onError: (err) => toast.fromError(err),
            })
          }
        >
          {copy.resend}
        </Button>
      </Group>
    </Alert>
  );
}
