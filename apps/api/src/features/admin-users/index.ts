// The admin-users feature's public entry: its plugin (app.ts).
export { adminUsersPlugin } from './plugin.ts';
