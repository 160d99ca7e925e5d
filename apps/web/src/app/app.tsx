import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';
import { paths } from '@/config/paths';
import { AppProvider, createQueryClient } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const r = createAppRouter(queryClient);
    // A 401 means the token is dead: forget it and return to the right login.
    setUnauthorizedHandler((area) => {
      tokenStorage.clear(area);
      queryClient.removeQueries();
      void r.navigate(area === 'admin' ? paths.admin.login.getHref() : paths.login.getHref(), { replace: true });
    });
    return r;
  });
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
