import { DEMO_ACCOUNTS, DEMO_BILLING } from '@repo/shared/factories';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '#src/features/auth/password.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedPastStay } from './past-stay.ts';
import { users } from '#src/db/schema/index.ts';

/**
 * Demo data for an empty database: the first admin and a demo guest with a billing address in Bengaluru (README
 * lists the credentials), then the demo catalogue and the demo guest's one finished (reviewable) booking. A database that has any user is
 * never touched.
 */
export async function seedIfEmpty(app: FastifyInstance): Promise<boolean> {
  // `npm start` runs in production mode on the embedded database and seeds it; a production PostgreSQL server
  // never gets demo accounts with known passwords unless ALLOW_SEED says so.
  if (app.config.env === 'production' && app.config.databaseUrl && !process.env.ALLOW_SEED) return false;
  const [row] = await app.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const { seedAdmin, seedGuest } = app.config;
  const rows = await app.db
    .insert(users)
    .values([
      {
        firstName: DEMO_ACCOUNTS.admin.firstName,
        lastName: DEMO_ACCOUNTS.admin.lastName,
        email: seedAdmin.email,
        mobile: DEMO_ACCOUNTS.admin.mobile,
        passwordHash: await hashPassword(seedAdmin.password),
        isAdmin: true,
        emailConfirmedAt: new Date(),
        // The demo's admin runs the platform and owns the demo stays (ADR 023).
        isPlatform: true,
      },
      {
        firstName: DEMO_ACCOUNTS.guest.firstName,
        lastName: DEMO_ACCOUNTS.guest.lastName,
        email: seedGuest.email,
        mobile: DEMO_ACCOUNTS.guest.mobile,
        passwordHash: await hashPassword(seedGuest.password),
        ...DEMO_BILLING,
        // The demo accounts are confirmed: the demo guest books at once.
        emailConfirmedAt: new Date(),
      },
    ])
    .returning({ id: users.id });
  const admin = rows[0];
  const guest = rows[1];
  if (!admin || !guest) throw new Error('seed: demo accounts not created');
  app.log.info({ admin: seedAdmin.email, guest: seedGuest.email }, 'seeded demo accounts');
  const catalogueStarted = Date.now();
  const seededStays = await seedCatalogue(app.db, app.deps.storage, admin.id);
  app.log.info({ stays: seededStays, ms: Date.now() - catalogueStarted }, 'seeded demo catalogue');
  // The demo guest's finished stay, to review from My Orders.
  if (seededStays > 0) await seedPastStay(app.deps, guest.id);
  return true;
}
