// The channels feature's public entry: its plugin (app.ts) and one sync pass over the due feeds (the bench).
export { channelsPlugin } from './plugin.ts';
export { syncDue } from './sync.service.ts';
