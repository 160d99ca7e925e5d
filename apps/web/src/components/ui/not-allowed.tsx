import { Container, Paper, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { EmptyState } from './empty-state';
import { LinkButton } from './link-button';

/** A page this account may not open (403): what it is and the way back, in the look of the not-found page. */
export function NotAllowed() {
  const { pathname } = useLocation();
  const inAdmin = pathname.startsWith('/admin');
  useDocumentTitle(`${common.notAllowed.title} | ${inAdmin ? common.adminBrand : common.brand}`);
  return (
    <Container size={560} px={{ base: 'sm', xs: 'md' }} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Text ta="center" fw={800} fz={56} c="brand.6" lh={1} aria-hidden>
          {common.notAllowed.code}
        </Text>
        <EmptyState
          titleOrder={1}
          title={common.notAllowed.title}
          description={common.notAllowed.description}
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
