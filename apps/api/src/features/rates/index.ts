// The rates feature's public entry: its plugin (app.ts) and what other features may use.
export { ratesPlugin } from './plugin.ts';
export { type Plan, plansByRoomType, seasonsByRoomType } from './pricing.ts';
export { checkRoomTypePlans } from './rates.service.ts';
