// The staff feature's public entry: its plugin (app.ts), the admin routes' staff rules and the admin's place.
export { staffPlugin } from './plugin.ts';
export { staffMay } from './rules.ts';
export { staffOf } from './staff.service.ts';
