import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What wants to hear of stay changes: each changed stay's id and city, and whether changes are being heard at all. */
export type StayChangeListener = { onStay: (stayId: string, city: string) => void; onListening: (listening: boolean) => void };

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes to a stay, its rooms or its room-nights, reported by the database (ADR 006). */
    stayChanges: { subscribe: (listener: StayChangeListener) => void };
  }
}

/**
 * One LISTEN on `staybook_rooms` (fed by the triggers of migration 0002) for the whole app, when answers about stays
 * are reused at all (`stayCacheMs` or `searchCacheMs`).
 * Subscribers reuse answers about a stay only while listening, and forget a stay's answers when it is reported.
 */
export default fp(
  async (app: FastifyInstance) => {
    const listeners: StayChangeListener[] = [];
    let listening = false;
    app.decorate('stayChanges', {
      subscribe(listener: StayChangeListener) {
        listeners.push(listener);
        listener.onListening(listening);
      },
    });
    if (app.config.stayCacheMs <= 0 && app.config.searchCacheMs <= 0) return;
    const setListening = (value: boolean) => {
      listening = value;
      for (const l of listeners) l.onListening(value);
    };
    const stop = await app.dbListen('staybook_rooms', {
      // '<stay id> <city>' (the city may hold spaces).
      onNotify: (payload) => {
        const space = payload.indexOf(' ');
        const stayId = space < 0 ? payload : payload.slice(0, space);
        const city = space < 0 ? '' : payload.slice(space + 1);
        for (const l of listeners) l.onStay(stayId, city);
      },
      onGap: setListening,
    });
    app.addHook('onClose', async () => {
      setListening(false);
      await stop();
    });
    // PGlite listens at once; a PostgreSQL listener reports itself through onGap.
    if (app.dbKind === 'pglite') setListening(true);
  },
  { name: 'stay-changes', dependencies: ['db'] },
);
