// The accounts feature's public entry.
export { accountsPlugin } from './plugin.ts';
