import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type LoadErrorAlertProps = {
  /** What could not be loaded. */
  title: string;
  /** Why: usually the server's message. */
  message: ReactNode;
  /** The way on: a retry (onClick) or a link elsewhere (to). */
  action: { label: string; onClick: () => void } | { label: string; to: string };
};

/** A failed load inside an admin screen: a red notice with the reason and one button. */
export function LoadErrorAlert({ title, message, action }: LoadErrorAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title}>
      <Text size="sm" mb="sm">
        {message}
      </Text>
      {'to' in action ? (
        <Button size="xs" variant="white" color="red" component={Link} to={action.to}>
          {action.label}
        </Button>
      ) : (
        <Button size="xs" variant="white" color="red" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Alert>
  );
}
