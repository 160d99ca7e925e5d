import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type FormCardProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown above the title, e.g. an icon. */
  icon?: ReactNode;
  children: ReactNode;
  /** Under the card: links such as 'Already have an account? Login'. */
  footer?: ReactNode;
  /** Card width: 'sm' for short forms (login), 'md' for longer ones (sign up). */
  width?: 'sm' | 'md';
};

const WIDTH = { sm: 440, md: 560 } as const;

/** A centred card holding one form with its heading: the frame of every sign-in and password page. */
export function FormCard({ title, subtitle, icon, children, footer, width = 'sm' }: FormCardProps) {
  return (
    <Container size={WIDTH[width]} px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            {icon ? <Box c="brand.6">{icon}</Box> : null}
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm" maw={380}>
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer ? (
        <Box mt="md" ta="center" fz="sm">
          {footer}
        </Box>
      ) : null}
    </Container>
  );
}
