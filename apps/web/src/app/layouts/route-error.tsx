import { Button, Center, Code, Container, Paper } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';

/** Shown when a screen fails to load or render: what happened, a reload and a way home. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const inAdmin = pathname.startsWith('/admin');
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined;
  const homeHref = inAdmin ? paths.admin.dashboard.getHref() : paths.home.getHref();

  return (
    <Center mih="100dvh" bg="gray.0" px="sm">
      <Container size={560} w="100%" px={0}>
        <Paper withBorder radius="lg" shadow="sm" p={{ base: 'md', sm: 'xl' }} role="alert">
          <EmptyState
            color="red"
            titleOrder={1}
            icon={<IconAlertTriangle size={28} aria-hidden />}
            title={status ? common.routeError.statusTitle(status) : common.routeError.title}
            description={common.routeError.description}
            actions={
              <>
                <Button onClick={() => window.location.reload()}>{common.actions.reload}</Button>
                <Button component="a" href={homeHref} variant="default">
                  {inAdmin ? common.actions.goDashboard : common.actions.goHome}
                </Button>
              </>
            }
          />
          {detail ? (
            <Code block mt="md">
              {detail}
            </Code>
          ) : null}
        </Paper>
      </Container>
    </Center>
  );
}
