import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectAccessible,
  loginAsAdmin,
  loginAsGuest,
  newUser,
  readLatestMail,
  test,
  uniqueEmail,
} from './fixtures.ts';

/** The reset link in a mail, with quoted-printable soft breaks and escapes undone. */
function resetPathFromMail(email: string, area: '' | '/admin'): string {
  const raw = readLatestMail(email);
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  const re = new RegExp(`${area}/forgotpassword/[0-9a-f-]{36}/verify/[A-Za-z0-9_-]+`);
  const match = text.match(re);
  if (!match) throw new Error(`no reset link in the mail to ${email}`);
  return match[0];
}

async function waitForResetPath(email: string, area: '' | '/admin') {
  let link = '';
  await expect
    .poll(
      () => {
        try {
          link = resetPathFromMail(email, area);
          return true;
        } catch {
          return false;
        }
      },
      { message: `reset mail to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return link;
}

async function registerByApi(request: APIRequestContext, email: string, password: string, area: 'auth' | 'admin/auth' = 'auth') {
  const res = await request.post(`/api/${area}/register`, {
    data: newUser({ firstName: 'Meera', lastName: 'Nair', email, mobile: '9988776655', password }),
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { user: { id: string; firstName: string; lastName: string; mobile: string } };
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('journey 2: a guest registers, logs in, uses the header menu, edits the profile and logs out', async ({ page }) => {
  const email = uniqueEmail('journey2');
  const password = 'Travel@2026';

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expectAccessible(page, 'register');

  // the spec's messages under the fields, and the mismatch toast
  await page.getByLabel('First Name').fill('Ke');
  await page.getByLabel('Mobile').fill('98765432109999');
  await expect(page.getByLabel('Mobile')).toHaveValue('9876543210');
  await page.getByLabel('Password', { exact: true }).fill('Travel@2026');
  await page.getByLabel('Confirm Password').fill('Travel@2027');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('firstName can not be shorter than 3 leters')).toBeVisible();
  await expect(page.getByText('Lastname is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(toast(page, 'Passwords doesnt match! Please enter the same passwords')).toBeVisible();
  await expectAccessible(page, 'register with messages');

  await page.getByLabel('First Name').fill('Kavya');
  await page.getByLabel('Last Name').fill('Reddy');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Registered successfully')).toBeVisible();
  // The login page it leads to says where the confirmation link went, and sends it again without logging in.
  const inbox = page.getByRole('region', { name: 'Check your inbox' });
  await expect(inbox).toContainText(`We mailed a confirmation link to ${email}`);
  await inbox.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    toast(page, 'If an account with this email is waiting for its confirmation, a new link has been sent to it'),
  ).toBeVisible();
  await expectAccessible(page, 'login');

  await loginAsGuest(page, email, password);
  // And home says it again after login, before any search.
  const notice = page.getByRole('region', { name: 'Confirm your email address to book' });
  await expect(notice).toContainText(`We mailed a confirmation link to ${email}`);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  const userId = await page.evaluate(() => {
    const token = localStorage.getItem('loginToken') ?? '';
    return JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).id as string;
  });
  await expectAccessible(page, 'home signed in');

  // the menu button toggles the dropdown
  const menuButton = banner.getByRole('button', { name: 'Open account menu' });
  await menuButton.click();
  await expect(page.getByText('Welcome User !!!')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/myProfile');
  await expect(page.getByRole('dialog').getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', `/orders/${userId}`);
  await expectAccessible(page, 'account menu open');
  await menuButton.click();
  await expect(page.getByText('Welcome User !!!')).toBeHidden();

  await menuButton.click();
  await page.getByRole('dialog').getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${userId}$`));
  await expectAccessible(page, 'my orders');

  await menuButton.click();
  await page.getByRole('dialog').getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/myProfile$/);
  await expect(page.getByRole('heading', { name: 'Kavya Reddy' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('9876543210')).toBeVisible();
  await expectAccessible(page, 'my profile');

  // blank fields keep their values; a bad value is refused with the shared message
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'edit profile dialog');
  await dialog.getByLabel('Mobile').fill('12345');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Enter a valid mobile number')).toBeVisible();
  await dialog.getByLabel('Mobile').fill('9000011111');
  await dialog.getByLabel('Last Name').fill('Rao');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Kavya Rao' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kavya Rao' })).toBeVisible();
  await expect(page.getByText('9000011111')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await banner.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged Out Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await expectAccessible(page, 'home after logout');

  await page.goto('/myProfile');
  await expect(page).toHaveURL(/\/$/);
});

test('journey 3: a guest forgets the password, opens the mailed link, resets it and logs in with the new one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('journey3');
  await registerByApi(request, email, 'OldPass@123');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await expectAccessible(page, 'forgot password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toast(page, 'If an account exists for this email, a password reset link has been sent to it')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = await waitForResetPath(email, '');
  await page.goto(link);
  await expect(page.getByText('Click the below button to reset Your password')).toBeVisible();
  await expectAccessible(page, 'verify reset link');
  await page.getByRole('link', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/resetPassword\?id=[0-9a-f-]{36}&token=[A-Za-z0-9_-]+$/);
  await expectAccessible(page, 'reset password');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('NewPass@123');
  await page.getByLabel('Confirm Password').fill('NewPass@124');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Passwords doesnt match! Please enter the same passwords')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('NewPass@123');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Your password has been reset. Please log in with the new password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // the old password no longer works; the new one does
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('OldPass@123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await loginAsGuest(page, email, 'NewPass@123');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();

  // the link works once
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'error' })).toBeVisible();
  // the server's message as a toast and on the page
  await expect(page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired' })).toHaveCount(2);
  await expectAccessible(page, 'used reset link');
});

test('journey 3 (admin): an admin forgets the password, resets it by the mailed link and logs in', async ({ page, request }) => {
  const email = uniqueEmail('admin3');
  const { user } = await registerByApi(request, email, 'OldAdmin@123', 'admin/auth');
  // an existing admin grants admin rights to the new account
  const login = await request.post('/api/admin/auth/login', { data: DEMO.admin });
  const { adminLoginToken } = (await login.json()) as { adminLoginToken: string };
  const grant = await request.put(`/api/admin/users/${user.id}`, {
    headers: { authorization: `Bearer ${adminLoginToken}` },
    data: { firstName: user.firstName, lastName: user.lastName, mobile: user.mobile, email, isAdmin: true },
  });
  expect(grant.ok()).toBe(true);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await expectAccessible(page, 'admin login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/admin\/forgotpassword$/);
  await expectAccessible(page, 'admin forgot password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const link = await waitForResetPath(email, '/admin');
  await page.goto(link);
  await expect(page.getByText('Click the below button to reset Your password')).toBeVisible();
  await expectAccessible(page, 'admin verify reset link');
  await page.getByRole('link', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/admin\/resetPassword\?id=/);
  await expectAccessible(page, 'admin reset password');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('NewAdmin@123');
  await page.getByLabel('Confirm Password').fill('NewAdmin@123');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await loginAsAdmin(page, email, 'NewAdmin@123');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'StayBook Admin' })).toHaveAttribute('href', '/admin/dashboard');
  // A stay owner, not the platform: no Users link, and the users screen says it is not allowed.
  await expect(banner.getByRole('link', { name: 'Reservations' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.goto('/admin/allusers');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  await expectAccessible(page, 'admin not allowed');
  await banner.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeVisible();
});

test('admin registration asks for approval and returns to the admin login', async ({ page }) => {
  await page.goto('/admin/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Sign Up' })).toBeVisible();
  await expectAccessible(page, 'admin register');
  await page.getByLabel('First Name').fill('Vikram');
  await page.getByLabel('Last Name').fill('Singh');
  await page.getByLabel('Email').fill(uniqueEmail('admin-reg'));
  await page.getByLabel('Mobile').fill('9876501234');
  await page.getByLabel('Password', { exact: true }).fill('Admin@2026');
  await page.getByLabel('Confirm Password').fill('Admin@2026');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toast(page, 'An administrator must approve your admin access')).toBeVisible();
});

test('a guest downloads their data, then deletes their account; the email can sign up again', async ({ page, request }) => {
  const email = uniqueEmail('erase');
  await registerByApi(request, email, 'Erase@1234');
  await loginAsGuest(page, email, 'Erase@1234');
  await page.goto('/myProfile');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expectAccessible(page, 'my profile with your data');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^staybook-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(JSON.parse(readFileSync(saved, 'utf8')).profile.email).toBe(email);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'delete account dialog');
  await dialog.getByLabel(/^Password/).fill('Wrong@1234');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('This password is not correct')).toBeVisible();
  await dialog.getByLabel(/^Password/).fill('Erase@1234');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Your account has been deleted')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  expect((await request.post('/api/auth/login', { data: { email, password: 'Erase@1234' } })).status()).toBe(401);
  await registerByApi(request, email, 'Again@1234');
});
