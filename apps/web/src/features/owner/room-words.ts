/** A reserved room as the owner reads it: its number and type, and the rate plan it was sold under (ADR 065). */
export const roomWords = (room: { number: number; title: string; plan: string | null }) =>
  room.plan ? `${room.number} ${room.title} — ${room.plan}` : `${room.number} ${room.title}`;
