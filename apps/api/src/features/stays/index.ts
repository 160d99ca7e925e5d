// The stays feature's public entry: its plugin (app.ts) and what other features and the page server may use.
export { staysPlugin } from './plugin.ts';
export { type StayRow, stayHeading, toStayDto } from './stay-dto.ts';
export { cheapestRoomPrice } from './stays.repository.ts';
export { getStay, homeStays } from './stays.service.ts';
