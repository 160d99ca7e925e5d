import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientAddressOf } from '#src/lib/client-address.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The client's address in its one form (ADR 046): IPv4, or an IPv6 /64 network, as TRUST_PROXY defines who the
     * client is. Registrations, holds and rate limits all count by it; never read `ip` or X-Forwarded-For for that.
     */
    readonly clientAddress: string;
  }
}

/** request.clientAddress: the one form of the client's address (lib/client-address.ts). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('clientAddress', {
      getter() {
        return clientAddressOf(this);
      },
    });
  },
  { name: 'client-address' },
);
