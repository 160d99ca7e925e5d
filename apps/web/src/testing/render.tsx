import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { theme } from '@/theme';

/** Shows where the app navigated to: `screen.getByTestId('location')` has the path and query. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export type RenderRouteOptions = {
  /** The route pattern the element is mounted at, e.g. '/forgotpassword/:id/verify/:token'. */
  path?: string;
  /** Where the test starts: a path with its query, or a history entry with state (as a link with `state` leaves). */
  at?: string | { pathname: string; search?: string; state?: unknown };
  /** Child routes rendered inside the element's <Outlet /> (for layouts). */
  children?: RouteObject[];
};

/**
 * Renders one element at a route with the app's providers (theme, toasts, a query cache without retries).
 * Any other path renders a probe showing the location, so tests can assert navigation.
 */
export function renderRoute(element: ReactNode, { path = '/', at = path, children }: RenderRouteOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const probe = { path: '*', element: <LocationProbe /> };
  const router = createMemoryRouter(
    [children ? { element, children: [...children, probe] } : { path, element }, ...(children ? [] : [probe])],
    { initialEntries: [at] },
  );
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders a component with the app's theme inside a router (its links work; there are no routes). */
export function renderUi(ui: ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

/** Escapes text for use inside a RegExp (to match a message within a longer accessible description). */
export const textRe = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
