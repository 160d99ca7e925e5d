import { paths } from '@/config/paths';
import type { Area } from '@/lib/token-storage';
import type { ToastArea } from '@/lib/notify';

export type { Area };

/** Where an area's account endpoints live on the API. */
export const authBase = (area: Area) => (area === 'admin' ? '/admin/auth' : '/auth');

/** Toast timing of an area's account screens (admin: 2000 ms, guest: 5000 ms). */
export const toastAreaOf = (area: Area): ToastArea => (area === 'admin' ? 'admin' : 'default');

/** The screens each area's account flow moves between. */
export function areaRoutes(area: Area) {
  if (area === 'admin') {
    return {
      login: paths.admin.login.getHref(),
      register: paths.admin.register.getHref(),
      forgotPassword: paths.admin.forgotPassword.getHref(),
      resetPassword: paths.admin.resetPassword.getHref(),
      afterLogin: paths.admin.dashboard.getHref(),
      afterLogout: paths.admin.login.getHref(),
    };
  }
  return {
    login: paths.login.getHref(),
    register: paths.register.getHref(),
    forgotPassword: paths.forgotPassword.getHref(),
    resetPassword: paths.resetPassword.getHref(),
    afterLogin: paths.home.getHref(),
    afterLogout: paths.home.getHref(),
  };
}

/** The reset form's address carrying the mailed link's user id and token. */
export function resetHref(area: Area, userId: string, token: string) {
  return `${areaRoutes(area).resetPassword}?${new URLSearchParams({ id: userId, token })}`;
}
