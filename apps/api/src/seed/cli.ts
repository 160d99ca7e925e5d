// `npm run db:seed`: seeds an empty database (the one the settings name) with the demo data, then exits.
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config/config.ts';
import { seedIfEmpty } from './index.ts';

const app = await buildApp({ config: loadConfig() });
try {
  const seeded = await seedIfEmpty(app);
  console.log(seeded ? 'demo data seeded' : 'database not empty: nothing seeded');
} finally {
  await app.close();
}
