// The grievances feature's public entry.
export { grievancesPlugin } from './plugin.ts';
