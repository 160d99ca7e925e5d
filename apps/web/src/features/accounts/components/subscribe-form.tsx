import { zodResolver } from '@hookform/resolvers/zod';
import { SubscribeInput } from '@repo/shared/schemas/user';
import { Button, Group, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useSubscribe } from '../api/subscribe';
import { accountsCopy } from '../copy';

/** The footer's subscribe/contact form: an email only; toasts the server's message. */
export function SubscribeForm() {
  const copy = accountsCopy.subscribe;
  const mutation = useSubscribe();
  const form = useForm({ resolver: zodResolver(SubscribeInput), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (res) => {
        toast.success(res.message);
        form.reset();
      },
      onError: showSubmitError(form.setError, ['email']),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={copy.submit}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          flex={1}
          miw={0}
          aria-label={copy.label}
          placeholder={copy.placeholder}
          type="email"
          inputMode="email"
          autoComplete="email"
          size="md"
          leftSection={<IconMail size={18} aria-hidden />}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" size="md" variant="white" loading={mutation.isPending}>
          {copy.submit}
        </Button>
      </Group>
    </form>
  );
}
