import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config/config.ts';
import { seedIfEmpty } from './seed/index.ts';

const app = await buildApp({ config: loadConfig() });
const seeded = await seedIfEmpty(app);
console.log(seeded ? 'demo data seeded' : 'database not empty: nothing seeded');
await app.close();
