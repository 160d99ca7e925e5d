import { Alert, Anchor } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useFormCList } from '../api/form-c';
import { FORM_C_COPY } from '../copy';

const c = FORM_C_COPY.reminder;

/**
 * The dashboard's reminder while a foreign guest's Form C is not marked submitted: how many, how many past their 24
 * hours, and the way to them. Nothing when there are none (or while they load).
 */
export function FormCReminder() {
  const list = useFormCList('open');
  const open = list.data?.open ?? 0;
  if (open === 0) return null;
  const overdue = list.data?.overdue ?? 0;
  return (
    <Alert
      color={overdue ? 'red' : 'yellow'}
      variant="light"
      icon={<IconId aria-hidden />}
      title={c.title}
      mb="md"
      role="region"
      aria-label={c.title}
    >
      {c.text(open, overdue)}{' '}
      <Anchor component={Link} to={paths.admin.formC.getHref()} fw={600} size="sm">
        {c.action}
      </Anchor>
    </Alert>
  );
}
