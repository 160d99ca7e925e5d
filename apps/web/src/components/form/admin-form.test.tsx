import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderRoute, textRe } from '@/testing/render';
import { AdminForm } from './admin-form';
import { fieldProps } from './fields';

type Values = { title: string };

function TitleForm({ onSubmit }: { onSubmit: (values: Values) => Promise<unknown> }) {
  const form = useForm<Values>({ defaultValues: { title: '' } });
  return (
    <AdminForm form={form} fields={['title']} onSubmit={onSubmit} label="Add title" copy={{ submit: 'Add', cancel: 'Cancel' }}>
      <TextInput label="Title" {...fieldProps(form, 'title')} />
    </AdminForm>
  );
}

describe('AdminForm', () => {
  it('passes the values on', async () => {
    const onSubmit = vi.fn(async () => {});
    renderRoute(<TitleForm onSubmit={onSubmit} />);
    expect(screen.getByRole('form', { name: 'Add title' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Title'), 'Deluxe');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: 'Deluxe' }));
  });

  it('shows a failure’s field messages under the fields and toasts its message', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError('Could not add', 400, undefined, { title: 'Title is taken' });
    });
    renderRoute(<TitleForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Deluxe');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Title is taken')).toBeInTheDocument();
    expect(await screen.findByText(textRe('Could not add'))).toBeInTheDocument();
  });
});
