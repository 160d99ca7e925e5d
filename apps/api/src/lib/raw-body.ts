import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Registers routes whose JSON bodies stay raw bytes (a gateway's webhook is signed over exactly those bytes): `routes`
 * gets a child context whose JSON parser keeps the body as a Buffer.
 */
export async function withRawJsonBodies(app: FastifyInstance, routes: (raw: FastifyInstance) => void | Promise<void>) {
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    await routes(raw);
  });
}

/** A raw body as the route got it (empty when none). */
export const rawBodyOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.from(''));

/** One value of a request header. */
export const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
