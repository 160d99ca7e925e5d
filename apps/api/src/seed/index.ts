import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '#src/db/schema/index.ts';
import { seedAccounts, seedTaxIdentity } from './accounts.ts';
import { seedApi } from './api.ts';
import { type DemoPictures, seedCatalogue, startDrawingPictures } from './catalogue.ts';

export { startDrawingPictures } from './catalogue.ts';
import { seedPastStay } from './past-stay.ts';
import { mailCatcher, seedClock, withSeedDeps } from './seed-deps.ts';

/**
 * Demo data for an empty database, made through the product: the app (built, not listening yet) is driven with
 * HTTP requests as people would — the first admin and the demo guest register and open their confirmation links,
 * the admin adds the demo catalogue with the stay and room forms, and the demo guest books, pays and finishes one
 * stay (on the seed's clock, set weeks back). README lists the accounts. A database that has any user is never
 * touched, and a production PostgreSQL server never gets demo accounts with known passwords unless ALLOW_SEED says
 * so (`npm start` runs in production mode on the embedded database and seeds it). True when it seeded. `drawing`:
 * the demo pictures, when their drawing was started earlier (startDrawingPictures).
 */
export async function seedIfEmpty(app: FastifyInstance, drawing?: DemoPictures): Promise<boolean> {
  if (app.config.env === 'production' && app.config.databaseUrl && !process.env.ALLOW_SEED) return false;
  const [row] = await app.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  const started = Date.now();
  // The pictures are drawn (on other cores) while the accounts are made and the first stays added; the server
  // starts drawing them while a new embedded database is being created.
  const pictures = drawing ?? startDrawingPictures();
  const clock = seedClock();
  const mails = mailCatcher();
  let seeded = { stays: 0, finishedStay: false };
  // The seed's requests are not logged one by one (some two hundred of them): its summary is.
  const level = app.log.level;
  if (['info', 'debug', 'trace'].includes(level)) app.log.level = 'warn';
  try {
    await withSeedDeps(app.deps, clock, mails, async () => {
      await app.ready();
      const call = seedApi(app);
      const { admin, guest } = await seedAccounts(call, mails, app.config);
      const stays = await seedCatalogue(call, app.db, admin.token, pictures);
      // The demo guest's finished stay, to review from My Orders.
      const booking = stays > 0 ? await seedPastStay(app, call, clock, guest) : null;
      // Its week is over: the demo owner's settlement is made (paid once they add where to be paid). The owner, an
      // individual host, has given their PAN, so the year's first ₹5 lakh through the platform has no TDS (ADR 050).
      if (booking) {
        await seedTaxIdentity(app.db, admin.id);
        await call('POST', '/api/admin/platform/settlements/run', { token: admin.token });
      }
      seeded = { stays, finishedStay: booking !== null };
    });
  } finally {
    app.log.level = level;
  }
  app.log.info(
    { admin: app.config.seedAdmin.email, guest: app.config.seedGuest.email, ...seeded, ms: Date.now() - started },
    'seeded demo data',
  );
  return true;
}
