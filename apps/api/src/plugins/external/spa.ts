import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_MSG } from '@repo/shared/constants/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and the history
 * fallback (any GET outside /api and /media that accepts HTML gets index.html). Unknown API paths get a JSON 404.
 */
export default fp(
  async (app: FastifyInstance) => {
    const dist = app.config.webDist;
    const hasSpa = existsSync(path.join(dist, 'index.html'));
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, file) {
          res.header(
            'cache-control',
            file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ dist }, 'web app not built: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const wantsPage =
        hasSpa &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api') &&
        !url.startsWith('/media/') &&
        !path.extname(url.split('?')[0] ?? '');
      if (wantsPage) {
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', dist);
      }
      return reply.status(404).send({ message: API_MSG.routeNotFound, code: 'NOT_FOUND' });
    });
  },
  { name: 'spa', dependencies: ['config'] },
);
