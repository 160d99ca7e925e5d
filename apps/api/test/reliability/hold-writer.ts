/**
 * A child process for the reliability test: opens the database, starts a booking transaction (booking row + room
 * nights), says "inside" and then waits to be killed before it can commit.
 * argv: <pglite data dir | postgres url> <userId> <stayId> <roomNumberId>
 */
import { openDatabase } from '#src/db/client.ts';
import { bookings, roomNights } from '#src/db/schema/index.ts';

const [target, userId, stayId, roomNumberId] = process.argv.slice(2) as [string, string, string, string];
const database = await openDatabase(target.startsWith('postgres') ? { url: target, dataDir: null } : { dataDir: target });
await database.db.transaction(async (tx) => {
  const [b] = await tx
    .insert(bookings)
    .values({
      userId,
      stayId,
      checkIn: '2099-01-10',
      checkOut: '2099-01-12',
      nights: 2,
      adults: 1,
      amountPaise: 400_000,
      hotelName: 'Killed Midway',
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .returning({ id: bookings.id });
  await tx.insert(roomNights).values([
    { roomNumberId, night: '2099-01-10', bookingId: b!.id, stayId },
    { roomNumberId, night: '2099-01-11', bookingId: b!.id, stayId },
  ]);
  process.stdout.write('inside\n');
  await new Promise(() => {
    /* wait here until killed */
  });
});
