import { StaffAcceptInput, type StaffInviteView } from '@repo/shared/schemas/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldProps, MobileInput, NameInputs } from '@/components/form/fields';
import { showSubmitError } from '@/components/form/server-errors';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { toast } from '@/lib/notify';
import { useAcceptInvite, useInviteView } from '../api';
import { STAFF_COPY } from '../copy';

const c = STAFF_COPY.accept;

/** The mailed invitation link's page: who invites and where; then the password (and a new account's details). */
export function AcceptInvite({ id, token }: { id: string; token: string }) {
  const view = useInviteView(id, token);
  return (
    <QueryState
      query={view}
      skeleton={<Skeleton height={260} radius="lg" aria-label={c.loading} />}
      errorTitle={c.invalid}
      recover={{ label: STAFF_COPY.home.title, to: paths.admin.login.getHref() }}
    >
      {(invite) => <AcceptForm id={id} token={token} invite={invite} />}
    </QueryState>
  );
}

function AcceptForm({ id, token, invite }: { id: string; token: string; invite: StaffInviteView }) {
  const accept = useAcceptInvite(id, token);
  const navigate = useNavigate();
  // A new account's empty names are refused by the schema ('First name is required'); an existing one sends none.
  const form = useForm({
    resolver: zodResolver(StaffAcceptInput),
    defaultValues: invite.hasAccount ? { password: '' } : { password: '', firstName: '', lastName: '', mobile: '' },
  });
  const onSubmit = form.handleSubmit((body) =>
    accept.mutateAsync(body).then(
      (res) => {
        toast.success(res.message || c.done, 'admin');
        void navigate(paths.admin.login.getHref());
      },
      showSubmitError(form.setError, ['password', 'firstName', 'lastName', 'mobile'], 'admin'),
    ),
  );
  const role = STAFF_COPY.roles[invite.role];
  return (
    <Card withBorder radius="lg" p="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text>{c.intro(invite.ownerName, role, invite.stays.join(', '))}</Text>
          <Text size="sm" c="gray.7">
            {invite.hasAccount ? c.existing(invite.email) : c.newAccount(invite.email)}
          </Text>
          {!invite.hasAccount && (
            <>
              <NameInputs
                first={{ label: 'First name', ...fieldProps(form, 'firstName') }}
                last={{ label: 'Last name', ...fieldProps(form, 'lastName') }}
              />
              <MobileInput label="Mobile" {...fieldProps(form, 'mobile')} />
            </>
          )}
          <PasswordInput
            label={c.password}
            autoComplete={invite.hasAccount ? 'current-password' : 'new-password'}
            {...fieldProps(form, 'password')}
          />
          <Button type="submit" loading={accept.isPending}>
            {c.submit}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
