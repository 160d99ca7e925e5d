import { Box, Container, Group, type MantineSize, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type AdminPageProps = {
  title: ReactNode;
  /** Under the title, dimmed. */
  subtitle?: ReactNode;
  /** A button beside the title (wraps under it on a phone). */
  action?: ReactNode;
  /** Above the title, e.g. a link back to the list. */
  back?: ReactNode;
  /** The page's width; a list uses `lg`, the admin header's width, so its edges line up with the header's. */
  size: MantineSize;
  children: ReactNode;
};

/** The frame of an admin screen: its h1 (with an optional subtitle, action and back link), then the content. */
export function AdminPage({ title, subtitle, action, back, size, children }: AdminPageProps) {
  const heading = (
    <div>
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {title}
      </Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </div>
  );
  return (
    // The same side padding as the admin header's container (HeaderBar).
    <Container size={size} px={{ base: 'sm', xs: 'md' }} py="lg">
      {back}
      {action ? (
        <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
          {heading}
          {action}
        </Group>
      ) : (
        <Box mt={back ? 'sm' : undefined} mb="lg">
          {heading}
        </Box>
      )}
      {children}
    </Container>
  );
}
