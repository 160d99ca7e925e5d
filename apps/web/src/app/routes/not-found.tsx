import { Container, Paper, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';

export default function NotFoundScreen() {
  const { pathname } = useLocation();
  const inAdmin = pathname.startsWith('/admin');
  useDocumentTitle(`${common.notFound.title} | ${inAdmin ? common.adminBrand : common.brand}`);
  return (
    <Container size={560} px={{ base: 'sm', xs: 'md' }} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Text ta="center" fw={800} fz={56} c="brand.6" lh={1} aria-hidden>
          {common.notFound.code}
        </Text>
        <EmptyState
          titleOrder={1}
          title={common.notFound.title}
          description={common.notFound.description}
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
