import { Outlet } from 'react-router';

export function GuestLayout() {
  return <Outlet />;
}
