import { zodResolver } from '@hookform/resolvers/zod';
import { AccountDeleteInput } from '@repo/shared/schemas/privacy';
import { Alert, Button, Card, Group, List, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '@/components/form/server-errors';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { downloadMyData, useAccountDeletion, useDeleteAccount } from '../api/my-data';
import { accountsCopy } from '../copy';

const c = accountsCopy.myData;

/**
 * My Profile's "Your data" card: download a copy of everything held about you, or delete the account. What stops a
 * deletion now (a booking to come) is said on the card, and the button waits until it could succeed.
 */
export function MyDataCard() {
  const deletion = useAccountDeletion();
  const blocked = deletion.data?.allowed === false ? deletion.data.reason : null;
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
      toast.success(c.downloaded);
    } catch (err) {
      toast.fromError(err);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card padding="lg" shadow="xs" mt="lg" component="section" aria-labelledby="my-data-title">
      <Title order={2} fz="lg" id="my-data-title">
        {c.title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {c.hint}
      </Text>
      {blocked ? (
        <Alert
          mt="md"
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={c.blockedTitle}
          id="account-deletion-blocked"
          data-testid="account-deletion-blocked"
        >
          {blocked}
        </Alert>
      ) : null}
      <Group mt="md" gap="sm">
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} onClick={download}>
          {c.download}
        </Button>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={blocked !== null}
          aria-describedby={blocked ? 'account-deletion-blocked' : undefined}
          onClick={() => setDeleting(true)}
        >
          {c.delete}
        </Button>
      </Group>
      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}

/** Confirms the deletion with the password; a refusal (a stay to come) is said in the dialog. */
function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = useDeleteAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(AccountDeleteInput), defaultValues: { password: '' } });
  const close = () => {
    form.reset();
    setRefusal(null);
    mutation.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    mutation.mutateAsync(values).then(
      (res) => {
        toast.success(res.message);
        navigate(paths.home.getHref(), { replace: true });
        mutation.signOut();
      },
      (err) => {
        if (applyServerErrors(err, form.setError, ['password'])) return;
        if (err instanceof ApiError && err.status === 409) setRefusal(err.message);
        else toast.fromError(err);
      },
    );
  });
  const password = form.formState.errors.password?.message;
  return (
    <Modal opened={opened} onClose={close} title={c.dialogTitle} centered closeButtonProps={{ 'aria-label': c.close }}>
      <form onSubmit={onSubmit} noValidate aria-label={c.dialogTitle}>
        <Stack gap="md">
          <Text size="sm">{c.consequences}</Text>
          <List size="sm" spacing={4}>
            {c.points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          {refusal ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={c.refusedTitle}>
              {refusal}
            </Alert>
          ) : null}
          <PasswordInput
            label={c.password}
            description={c.passwordHint}
            autoComplete="current-password"
            withAsterisk
            {...form.register('password')}
            error={password}
            visibilityToggleButtonProps={{ 'aria-label': c.showPassword }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {c.cancel}
            </Button>
            <Button type="submit" color="red" loading={mutation.isPending}>
              {c.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
