import { authRoutes } from '#src/routes/auth/index.ts';

/**
 * /api/admin/auth: the admin area's register, login (`{adminLoginToken}`, approved admins only), logout,
 * forgot-password and reset. Not behind the admin guard; logout checks the admin token itself.
 */
export default authRoutes('admin');
