// The Form C feature's public entry: its plugin (app.ts), and what the retention work and a guest's data export use.
export { eraseExpiredReports, guestReports } from './form-c.service.ts';
export { formCPlugin } from './plugin.ts';
