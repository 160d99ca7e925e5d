/** mm:ss until an instant (0:00 once past). */
export function timeLeft(until: string, now: number): string {
  const s = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
