// The site feature's public entry: its plugin (app.ts).
export { sitePlugin } from './plugin.ts';
