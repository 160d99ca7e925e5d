// The search feature's public entry: its plugin (app.ts).
export { searchPlugin } from './plugin.ts';
