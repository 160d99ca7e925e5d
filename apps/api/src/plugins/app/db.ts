import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { type Database, type Db, openDatabase } from '#src/db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    /** LISTEN on a channel of this database (see Database.listen). */
    dbListen: Database['listen'];
  }
}

/** fastify.db: Drizzle on the PostgreSQL server or the embedded PGlite; migrated on start, closed on close. */
export default fp(
  async (app: FastifyInstance, opts: { database?: Database }) => {
    const database = opts.database ?? (await openDatabase({ url: app.config.databaseUrl, dataDir: app.config.dataDir }));
    app.decorate('db', database.db);
    app.decorate('dbKind', database.kind);
    app.decorate('dbListen', database.listen);
    if (!opts.database) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);
