import { Container, Paper, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { EmptyState } from './empty-state';
import { LinkButton } from './link-button';

/**
 * A page that can not be shown (404 not found, 403 not allowed): its code, what it is and the way back, home or to
 * the admin dashboard by the area it was asked in.
 */
export function StatusPage({ copy }: { copy: { code: string; title: string; description: string } }) {
  const { pathname } = useLocation();
  const inAdmin = pathname.startsWith('/admin');
  useDocumentTitle(`${copy.title} | ${inAdmin ? common.adminBrand : common.brand}`);
  return (
    <Container size={560} px={{ base: 'sm', xs: 'md' }} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Text ta="center" fw={800} fz={56} c="brand.6" lh={1} aria-hidden>
          {copy.code}
        </Text>
        <EmptyState
          titleOrder={1}
          title={copy.title}
          description={copy.description}
          actions={
            <LinkButton to={inAdmin ? paths.admin.dashboard.getHref() : paths.home.getHref()}>
              {inAdmin ? common.actions.goDashboard : common.actions.goHome}
            </LinkButton>
          }
        />
      </Paper>
    </Container>
  );
}
