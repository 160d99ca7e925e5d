// The rooms feature's public entry: its plugin (app.ts).
export { roomsPlugin } from './plugin.ts';
