import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/theme';
import { RouteError } from './route-error';

function renderFailing(at: string, fail: () => never) {
  const router = createMemoryRouter([{ path: '*', loader: fail, element: <p>never</p>, errorElement: <RouteError /> }], {
    initialEntries: [at],
  });
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('RouteError', () => {
  it('shows a heading, a reload button and the way home when a guest screen fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing('/hotels/x', () => {
      throw new Error('chunk failed');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('names the status of a failed response and leads admins to the dashboard', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing('/admin/rooms/x', () => {
      throw new Response('gone', { status: 410 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 410' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });
});
