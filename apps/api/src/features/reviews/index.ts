// The reviews feature's public entry: its plugin (app.ts).
export { reviewsPlugin } from './plugin.ts';
