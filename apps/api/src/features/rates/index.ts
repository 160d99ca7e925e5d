// What other features may use of the rates feature.
export { seasonsByRoomType } from './pricing.ts';
