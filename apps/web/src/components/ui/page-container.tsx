import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type PageContainerProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons beside the title (wrap under it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
};

/** The frame of a content page: one h1, an optional description and actions, then the content. */
export function PageContainer({ title, description, actions, children, size = 'lg' }: PageContainerProps) {
  return (
    <Container size={size} px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {title}
            </Title>
            {description ? <Text c="dimmed">{description}</Text> : null}
          </Stack>
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
