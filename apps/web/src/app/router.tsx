import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { STAY_TYPES } from '@repo/shared/constants/domain';
import { paths } from '@/config/paths';
import { RequireOwner } from '@/features/admin-users/components/require-owner';
import { RequirePlatform } from '@/features/admin-users/components/require-platform';
import { hasSearch } from '@/features/search/has-search';
import { prefetchBrowseBlocks } from '@/features/stays/api/browse';
import { getStayQueryOptions } from '@/features/stays/api/get-stay';
import { RequireAdmin, RequireGuest } from '@/lib/auth';
import { tokenStorage } from '@/lib/token-storage';
import { GuestLayout, ScreenPending } from './layouts/guest-layout';
import { RouteError } from './layouts/route-error';
import HomeScreen from './routes/home';

type Module = { default: React.ComponentType };
/**
 * A lazily loaded screen: each screen but home is its own chunk. While the first screen's chunk loads after start,
 * the guest layout's header is already shown (ScreenPending holds the screen's place and keeps the footer back until
 * the screen arrives, so nothing on view moves).
 */
const screen = (load: () => Promise<Module>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> => ({
  // Only the component is lazy (object form), so a route's loader starts at once instead of after the chunk.
  lazy: { Component: loadDefault(load) },
  HydrateFallback: ScreenPending,
});

/** The default export of a screen module, once loaded. */
function loadDefault(load: () => Promise<Module>) {
  return async () => (await load()).default;
}

/** While the admin layout's chunk loads after start: nothing (no layout shift). */
function NoFallback() {
  return null;
}

/** The route table of both areas (guest and admin). Paths come from config/paths.ts. */
export function createAppRouter(queryClient: QueryClient) {
  // Loaders only start the first requests of a screen (never awaited), so they run while its chunk loads.
  const homeLoader = ({ request }: { request: Request }) => {
    if (!hasSearch(new URL(request.url).searchParams)) prefetchBrowseBlocks(queryClient);
    return null;
  };
  const stayLoader = ({ params }: { params: { id?: string } }) => {
    if (params.id && tokenStorage.get('guest')) void queryClient.prefetchQuery(getStayQueryOptions(params.id));
    return null;
  };

  return createBrowserRouter([
    {
      element: <GuestLayout />,
      errorElement: <RouteError />,
      children: [
        // Home is where most visits start, so its screen is part of the start bundle rather than a lazy chunk: split
        // off, it and the ~25 small shared chunks it needs cost a phone a second wave of requests over HTTP/1.1's six
        // connections (Lighthouse mobile: LCP 3.4 s lazy, 2.7 s eager; every other page stays a chunk of its own).
        { path: paths.home.path, loader: homeLoader, Component: HomeScreen },
        { path: paths.login.path, ...screen(() => import('./routes/login')) },
        { path: paths.register.path, ...screen(() => import('./routes/register')) },
        { path: paths.forgotPassword.path, ...screen(() => import('./routes/forgot-password')) },
        { path: paths.verifyReset.path, ...screen(() => import('./routes/verify-reset')) },
        { path: paths.resetPassword.path, ...screen(() => import('./routes/reset-password')) },
        { path: paths.confirmEmail.path, ...screen(() => import('./routes/confirm-email')) },
        { path: paths.privacy.path, ...screen(() => import('./routes/privacy')) },
        {
          element: <RequireGuest />,
          children: [
            { path: paths.orders.path, ...screen(() => import('./routes/orders')) },
            { path: paths.myProfile.path, ...screen(() => import('./routes/my-profile')) },
            { path: paths.saved.path, ...screen(() => import('./routes/saved')) },
            { path: paths.complaints.path, ...screen(() => import('./routes/complaints')) },
            { path: paths.stay.path, loader: stayLoader, ...screen(() => import('./routes/stay')) },
          ],
        },
        { path: '*', ...screen(() => import('./routes/not-found')) },
      ],
    },
    {
      path: '/admin',
      lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
      errorElement: <RouteError />,
      HydrateFallback: NoFallback,
      children: [
        { index: true, ...screen(() => import('./routes/admin/login')) },
        { path: paths.admin.register.path, ...screen(() => import('./routes/admin/register')) },
        { path: paths.admin.forgotPassword.path, ...screen(() => import('./routes/admin/forgot-password')) },
        { path: paths.admin.verifyReset.path, ...screen(() => import('./routes/admin/verify-reset')) },
        { path: paths.admin.resetPassword.path, ...screen(() => import('./routes/admin/reset-password')) },
        { path: paths.admin.staffInvite.path, ...screen(() => import('./routes/admin/staff-invite')) },
        {
          element: <RequireAdmin />,
          children: [
            { path: paths.admin.myProfile.path, ...screen(() => import('./routes/admin/my-profile')) },
            { path: paths.admin.dashboard.path, ...screen(() => import('./routes/admin/dashboard')) },
            {
              // The platform's screens (ADR 023): a stay owner gets the not-allowed page.
              element: <RequirePlatform />,
              children: [
                { path: paths.admin.users.path, ...screen(() => import('./routes/admin/users')) },
                { path: paths.admin.editUser.path, ...screen(() => import('./routes/admin/edit-user')) },
              ],
            },
            {
              // A stay owner's own screens (ADR 066): a staff member gets the not-allowed page.
              element: <RequireOwner />,
              children: [
                { path: paths.admin.staff.path, ...screen(() => import('./routes/admin/staff')) },
                { path: paths.admin.addStay.path, ...screen(() => import('./routes/admin/add-stay')) },
                { path: paths.admin.documents.path, ...screen(() => import('./routes/admin/documents')) },
                { path: paths.admin.payouts.path, ...screen(() => import('./routes/admin/payouts')) },
                { path: paths.admin.settlement.path, ...screen(() => import('./routes/admin/settlement')) },
              ],
            },
            { path: paths.admin.editStay.path, ...screen(() => import('./routes/admin/edit-stay')) },
            { path: paths.admin.rooms.path, ...screen(() => import('./routes/admin/rooms')) },
            { path: paths.admin.addRoom.path, ...screen(() => import('./routes/admin/add-room')) },
            { path: paths.admin.reservations.path, ...screen(() => import('./routes/admin/reservations')) },
            { path: paths.admin.reservation.path, ...screen(() => import('./routes/admin/reservation')) },
            { path: paths.admin.complaints.path, ...screen(() => import('./routes/admin/complaints')) },
            { path: paths.admin.complaint.path, ...screen(() => import('./routes/admin/complaint')) },
            { path: paths.admin.platformMonth.path, ...screen(() => import('./routes/admin/platform-month')) },
            { path: paths.admin.paymentMismatches.path, ...screen(() => import('./routes/admin/payment-mismatches')) },
            { path: paths.admin.calendar.path, ...screen(() => import('./routes/admin/calendar')) },
            { path: paths.admin.formC.path, ...screen(() => import('./routes/admin/form-c')) },
            { path: paths.admin.formCPrint.path, ...screen(() => import('./routes/admin/form-c-print')) },
            { path: paths.admin.desk.path, ...screen(() => import('./routes/admin/desk')) },
            { path: paths.admin.housekeeping.path, ...screen(() => import('./routes/admin/housekeeping')) },
            { path: paths.admin.roomPrices.path, ...screen(() => import('./routes/admin/room-prices')) },
            ...STAY_TYPES.map((type) => ({
              path: paths.admin.typeList.getHref(type),
              ...screen(() => import('./routes/admin/type-list')),
            })),
          ],
        },
        { path: '*', ...screen(() => import('./routes/not-found')) },
      ],
    },
  ]);
}
