import type { Deps } from '#src/platform/deps.ts';
import { CHANNEL_API_MSG } from './messages.ts';
import * as repo from './channels.repository.ts';

/** The owner hears of new conflicts of one sync at once: each room and night, the order here and the other site. */
export async function mailConflicts(deps: Pick<Deps, 'db' | 'mail' | 'config'>, conflictIds: string[], messageId?: string) {
  const rows = await repo.conflictsForMail(deps.db, conflictIds);
  const first = rows[0];
  if (!first) return;
  await deps.mail.send({
    to: first.owner_email,
    subject: CHANNEL_API_MSG.conflictSubject(first.stay_name),
    messageId,
    text: [
      'An imported calendar says these nights are taken on another site, but they were already sold here.',
      'The bookings here stand; the nights are not blocked. Please settle them with the guests or the other site.',
      '',
      ...rows.map((r) => CHANNEL_API_MSG.conflictLine(r.room_number, r.night, r.feed_label, r.order_id)),
      '',
      `Reservations: ${deps.config.publicUrl}/admin/reservations`,
    ].join('\n'),
  });
}
