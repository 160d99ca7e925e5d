import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { toast } from '@/lib/notify';
import { useRequestConfirmation, useResendConfirmation } from '../api/confirm-email';
import { useMe } from '../api/get-me';
import { authCopy } from '../copy';

const copy = authCopy.confirm;

/** The light yellow's own title colour is too faint on its background (WCAG AA): the title is dark. */
const NOTICE_STYLES = {
  title: { color: 'var(--mantine-color-dark-8)' },
  icon: { color: 'var(--mantine-color-yellow-9)' },
};

/** "Send the link again", for the signed-in guest or (`email`) for the address just registered. */
function ResendButton({ email, inFooter = false }: { email?: string | undefined; inFooter?: boolean }) {
  const resend = useResendConfirmation();
  const request = useRequestConfirmation();
  const pending = resend.isPending || request.isPending;
  const handlers = {
    onSuccess: (res: { message: string }) => toast.success(res.message),
    onError: (err: unknown) => toast.fromError(err),
  };
  return (
    <Button
      type="button"
      size={inFooter ? 'md' : 'xs'}
      variant={inFooter ? 'filled' : 'white'}
      color={inFooter ? undefined : 'dark'}
      style={inFooter ? { flex: '1 0 auto' } : undefined}
      loading={pending}
      onClick={() => (email ? request.mutate(email, handlers) : resend.mutate(undefined, handlers))}
    >
      {copy.resend}
    </Button>
  );
}

/** The notice's frame: a standing notice, read in its place, not announced at once. */
function Notice({ title, text, email, mt, mb }: { title: string; text: string; email?: string; mt?: string; mb?: string }) {
  return (
    <Alert
      mt={mt}
      mb={mb}
      color="yellow"
      variant="light"
      icon={<IconMail size={20} aria-hidden />}
      title={title}
      data-testid="confirm-email-notice"
      role="region"
      aria-label={title}
      styles={NOTICE_STYLES}
    >
      <Group justify="space-between" gap="sm" align="center">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {text}
        </Text>
        <ResendButton email={email} />
      </Group>
    </Alert>
  );
}

/**
 * Shown to a signed-in guest whose email address is not confirmed yet (home, stay page): what to do, and a button
 * that mails the link again. Nothing for anyone else (or while the user loads).
 */
export function ConfirmEmailNotice({ mt, mb }: { mt?: string; mb?: string }) {
  const me = useMe();
  if (me.data?.emailConfirmed !== false) return null;
  return <Notice mt={mt} mb={mb} title={copy.notice} text={copy.noticeText(me.data.email)} />;
}

/** On the page a guest lands on after sign-up (not signed in yet): the link went to `email`, and it can be sent again. */
export function SignedUpNotice({ email }: { email: string }) {
  return <Notice title={copy.signedUp} text={copy.signedUpText(email)} email={email} />;
}

/**
 * In the room dialog's footer, in place of the booking action, while the guest's address is not confirmed: why they
 * can not book yet and "Send the link again". Nothing once it is confirmed (or while the user loads).
 */
export function ConfirmToBook() {
  const me = useMe();
  if (me.data?.emailConfirmed !== false) return null;
  return (
    <Group justify="space-between" gap="xs" data-testid="confirm-to-book">
      <Text size="sm" c="dark.8" style={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}>
        {copy.toBook(me.data.email)}
      </Text>
      <ResendButton inFooter />
    </Group>
  );
}
