import type { FastifyPluginAsync } from 'fastify';
import health from './health.routes.ts';
import site from './site.routes.ts';

/** The site feature's public entry: /api/health, /api/ready and what every page shows (/api/site). */
export const sitePlugin: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(site);
};
