import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * A feature's routes of the admin area, under /admin and behind requireAdmin: the token is checked on request,
 * before the body is parsed or validated (401/403 before 400). A stay owner's routes act on their own stays only;
 * the platform's add requirePlatform (ADR 023).
 */
export async function registerAdminRoutes(app: FastifyInstance, ...plugins: FastifyPluginAsync[]) {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', admin.requireAdmin);
      for (const plugin of plugins) await admin.register(plugin);
    },
    { prefix: '/admin' },
  );
}
