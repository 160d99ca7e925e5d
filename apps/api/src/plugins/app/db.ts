import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '#src/db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    /** LISTEN on a channel of this database (see Database.listen). */
    dbListen: Database['listen'];
  }
}

/**
 * fastify.db: Drizzle on the PostgreSQL server or the embedded PGlite, opened and migrated before the app's plugins
 * load (app.ts); closed on close when the app opened it (`closeOnClose`).
 */
export default fp(
  async (app: FastifyInstance, opts: { database: Database; closeOnClose: boolean }) => {
    const { database } = opts;
    app.decorate('db', database.db);
    app.decorate('dbKind', database.kind);
    app.decorate('dbListen', database.listen);
    if (opts.closeOnClose) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);
