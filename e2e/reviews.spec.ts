import { formatDate } from '@repo/shared/domain/dates';
import { DEMO_ACCOUNTS } from '@repo/shared/factories';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

/** The seeded demo guest's finished stay (apps/api/src/seed/past-stay.ts). */
const PAST_STAY = 'The Indiranagar Grand';
const REVIEW = 'Quiet rooms, quick check-in and a lovely breakfast on the terrace.';
const REPLY = 'Thank you for staying with us. See you again soon!';
const EDITED = 'Quiet rooms, but the breakfast was cold on our second morning.';

test('a guest reviews a finished stay from My Orders, sees it on the stay page, and the owner replies', async ({ page }) => {
  // Long: guest and owner in turn over seven pages, three sign-ins and six accessibility scans.
  test.setTimeout(240_000);
  const token = await signIn(page, 'guest');
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  const { id: userId } = (await me.json()) as { id: string };

  await page.goto(`/orders/${userId}`);
  const card = page.getByRole('article', { name: PAST_STAY });
  await card.getByRole('button', { name: 'Write a review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review your stay' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'write a review dialog');
  await dialog.getByRole('textbox', { name: /Your rating/ }).fill('9');
  await dialog.getByRole('textbox', { name: /Your review/ }).fill(REVIEW);
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(dialog).toBeHidden();

  const mine = card.getByTestId('my-review');
  await expect(mine).toContainText(REVIEW);
  await expect(mine).toContainText('9/10');
  await expect(card.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  await expectAccessible(page, 'My Orders with a review');

  await mine.getByRole('link', { name: 'See it on the stay page' }).click();
  await expect(page).toHaveURL(/\/hotels\/[0-9a-f-]{36}$/);
  const stayId = page.url().split('/hotels/')[1] as string;
  const reviews = page.getByRole('region', { name: 'Guest reviews' });
  const item = reviews.getByRole('article').filter({ hasText: REVIEW });
  await expect(item).toBeVisible();
  await expect(item).toHaveAccessibleName(`${DEMO_ACCOUNTS.guest.firstName} · Rated 9 out of 10`);
  await expect(item.getByText('9/10')).toBeVisible();
  await expect(item).toContainText(`Reviewed on ${formatDate(new Date())}`);
  // One review of 9: the stay shows its reviews' rating and label.
  await expect(page.getByTestId('stay-side-card')).toContainText('9/10');
  await expect(page.getByTestId('stay-side-card')).toContainText('Excellent');
  await expectAccessible(page, 'stay page with reviews');

  await signIn(page, 'admin');
  await page.goto(`/admin/editStay/${stayId}`);
  await expect(page.getByTestId('rating-from-reviews')).toContainText('comes from their reviews');
  // The form shows what guests see: the one review's 9, Excellent.
  await expect(page.getByTestId('rating-from-reviews').getByTestId('guest-rating')).toContainText('9/10');
  await expect(page.getByTestId('rating-from-reviews').getByTestId('guest-rating')).toContainText('Excellent1 review');
  const section = page.getByRole('region', { name: 'Reviews' });
  const toReply = section.getByRole('article').filter({ hasText: REVIEW });
  await toReply.getByRole('textbox', { name: 'Your reply' }).fill(REPLY);
  await toReply.getByRole('button', { name: 'Post reply' }).click();
  await expect(toReply.getByTestId('owner-reply')).toContainText(REPLY);
  await expect(toReply.getByRole('button', { name: 'Post reply' })).toHaveCount(0);
  await expectAccessible(page, 'admin stay reviews');

  await signIn(page, 'guest');
  await page.goto(`/hotels/${stayId}`);
  await expect(page.getByRole('region', { name: 'Guest reviews' }).getByTestId('owner-reply')).toContainText(REPLY);

  // The guest edits the review from My Orders: the reply stays, the stay page says it was edited and shows the new rating.
  await page.goto(`/orders/${userId}`);
  await card.getByRole('button', { name: 'Edit review' }).click();
  const editing = page.getByRole('dialog', { name: 'Edit your review' });
  await expect(editing.getByRole('textbox', { name: /Your review/ })).toHaveValue(REVIEW);
  await editing.getByRole('textbox', { name: /Your rating/ }).fill('7');
  await editing.getByRole('textbox', { name: /Your review/ }).fill(EDITED);
  await editing.getByRole('button', { name: 'Save changes' }).click();
  await expect(editing).toBeHidden();
  await expect(mine).toContainText(EDITED);
  await expect(mine).toContainText('7/10');
  await expect(mine).toContainText(`Edited on ${formatDate(new Date())}`);
  await expect(mine).toContainText(REPLY);
  await expectAccessible(page, 'My Orders with an edited review');

  await page.goto(`/hotels/${stayId}`);
  const edited = page.getByRole('region', { name: 'Guest reviews' }).getByRole('article').filter({ hasText: EDITED });
  await expect(edited).toHaveAccessibleName(`${DEMO_ACCOUNTS.guest.firstName} · Rated 7 out of 10`);
  await expect(edited.getByTestId('review-edited')).toContainText(`Edited on ${formatDate(new Date())}`);
  await expect(edited.getByTestId('owner-reply')).toContainText(REPLY);
  await expect(page.getByTestId('stay-side-card')).toContainText('7/10');
  await expect(page.getByTestId('stay-side-card')).toContainText('Good');

  // Then deletes it: it leaves the stay page, and 'Write a review' is back on the order.
  await page.goto(`/orders/${userId}`);
  await card.getByRole('button', { name: 'Delete review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your review?' });
  await expectAccessible(page, 'delete review confirmation');
  await confirm.getByRole('button', { name: 'Delete review' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByTestId('my-review')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Write a review' })).toBeVisible();

  await page.goto(`/hotels/${stayId}`);
  await expect(page.getByRole('region', { name: 'Guest reviews' }).getByText('No reviews yet')).toBeVisible();
  await expect(page.getByText(EDITED)).toHaveCount(0);
});
