import { loadConfig } from '#src/config/config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
console.log(`migrations applied (${database.kind})`);
await database.close();
