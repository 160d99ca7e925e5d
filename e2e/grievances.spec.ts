import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, readLatestMail, signIn, test } from './fixtures.ts';

/** The seeded demo guest's finished stay (apps/api/src/seed/past-stay.ts), owned by the demo admin. */
const PAST_STAY = 'The Indiranagar Grand';
const COMPLAINT = 'The air conditioning in our room did not work on either night, and the front desk did not fix it.';
const ANSWER = 'We are sorry. We have refunded one night to your card and serviced the air conditioning.';
const SCREENS = path.resolve(import.meta.dirname, '../tmp/screens');

/** The ticket at a phone's and a laptop's width, for a look (tmp/screens). */
async function screenshotTicket(page: Page, ticket: Locator, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ticket.scrollIntoViewIfNeeded();
    await ticket.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a guest raises a complaint from My Orders and gets a ticket; the owner answers and closes it; the guest sees both', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await signIn(page, 'guest');
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  const { id: userId } = (await me.json()) as { id: string };

  // The footer names the grievance officer on every guest page.
  const officer = page.getByTestId('grievance-officer');
  await expect(officer).toContainText('Grievance officer');
  await expect(officer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

  await page.goto(`/orders/${userId}`);
  const card = page.getByRole('article', { name: PAST_STAY });
  await card.getByRole('button', { name: 'Raise a complaint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Raise a complaint' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send complaint' }).click();
  await expect(dialog.getByText('Choose what the complaint is about')).toBeVisible();
  await expectAccessible(page, 'raise a complaint dialog with its messages');
  await dialog
    .getByLabel(/What is it about/)
    .first()
    .click();
  await page.getByRole('option', { name: 'Staff or service at the stay' }).click();
  await dialog.getByRole('textbox', { name: /What happened/ }).fill(COMPLAINT);
  await dialog.getByRole('button', { name: 'Send complaint' }).click();

  // The ticket number at once, on screen and by mail.
  const done = page.getByRole('dialog', { name: 'Your complaint is registered' });
  const ticket = ((await done.getByTestId('complaint-ticket').textContent()) ?? '').trim();
  expect(ticket).toMatch(/^GRV-\d{6}$/);
  await expect.poll(() => readLatestMail(`Your ticket number is ${ticket}`)).toContain('Complaint received');
  await done.getByRole('link', { name: 'See my complaints' }).click();
  await expect(page).toHaveURL(/\/complaints$/);
  const mine = page.getByRole('article', { name: ticket });
  await expect(mine.getByTestId('ticket-status')).toHaveText('Open');
  await expect(mine.getByTestId('clock-acknowledgement')).toContainText('Due by');
  await expect(mine).toContainText('No answer yet.');
  await expectAccessible(page, 'My complaints with an open ticket');

  // The stay's owner finds it under Complaints, answers it and closes it.
  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Admin navigation' }).first().getByRole('link', { name: 'Complaints' }).click();
  await expect(page).toHaveURL(/\/admin\/complaints$/);
  await page.getByRole('link', { name: new RegExp(`^${ticket}:`) }).click();
  const staffTicket = page.getByRole('article', { name: ticket });
  await expect(staffTicket).toContainText(COMPLAINT);
  await expectAccessible(page, 'a complaint in the admin area');
  await staffTicket.getByRole('textbox', { name: 'Answer the guest' }).fill(ANSWER);
  await staffTicket.getByRole('button', { name: 'Send answer' }).click();
  await expect(staffTicket.getByTestId('ticket-thread')).toContainText(ANSWER);
  await expect(staffTicket.getByTestId('ticket-status')).toHaveText('Acknowledged');
  await expect(staffTicket.getByTestId('clock-acknowledgement')).toHaveAttribute('data-state', 'met');
  // Mailed to the guest (quoted-printable: its soft line breaks undone).
  await expect.poll(() => readLatestMail(`Answer to your complaint ${ticket}`).replace(/=\r?\n/g, '')).toContain(ANSWER);
  await screenshotTicket(page, staffTicket, 'complaint-admin');
  await staffTicket.getByRole('button', { name: 'Close complaint' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close this complaint?' });
  await confirm.getByRole('button', { name: 'Yes, close it' }).click();
  await expect(staffTicket.getByTestId('ticket-status')).toHaveText('Closed');
  await expect(staffTicket.getByRole('textbox', { name: 'Answer the guest' })).toHaveCount(0);

  // The guest reads the answer and sees it closed.
  await signIn(page, 'guest');
  await page.goto('/complaints');
  const closed = page.getByRole('article', { name: ticket });
  await expect(closed.getByTestId('ticket-status')).toHaveText('Closed');
  await expect(closed.getByTestId('ticket-thread')).toContainText(ANSWER);
  // The answer is the stay's, under its name, as travel sites show it: never the owner's own name.
  await expect(closed.getByTestId('ticket-thread')).toContainText(`The stay · ${PAST_STAY}`);
  await expect(closed.getByTestId('ticket-thread')).not.toContainText('Asha Admin');
  await expect(closed.getByTestId('clock-resolution')).toHaveAttribute('data-state', 'met');
  await expectAccessible(page, 'My complaints with a closed ticket');
  await screenshotTicket(page, closed, 'complaint-guest');
});
