import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a list shows in place of its table when it has no rows. */
export function EmptyTable({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" bg="gray.0">
      <Text ta="center" c="dimmed">
        {children}
      </Text>
    </Paper>
  );
}
