// What other features may use of the stays feature.
export { cheapestRoomPrice, type StayRow, toStayDto } from './stay-dto.ts';
