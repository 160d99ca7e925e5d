import { API_MSG } from '@repo/shared/constants/messages';
import type { AccountsDeps } from './profile.service.ts';
import { addSubscriber } from './accounts.repository.ts';

/** The footer's subscribe form: the same answer every time, one row per email. */
export async function subscribe({ db }: AccountsDeps, email: string): Promise<{ message: string }> {
  await addSubscriber(db, email);
  return { message: API_MSG.subscribed };
}
