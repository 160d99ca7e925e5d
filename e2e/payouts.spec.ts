import { readFileSync } from 'node:fs';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

/** What a PDF prints, as one line of text. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

// Owners get paid (docs/decisions/032-owners-get-paid.md): the demo owner's settlement waits for payout details;
// a UPI id the gateway refuses is refused when saved; a payout to a bank account the bank then refuses fails with its
// reason, when it was tried and when it is tried next; the next one, to another account, is paid, with its UTR.

test('an owner adds payout details, sees a failed payout with its reason, changes them and is paid; the platform sees its month', async ({
  page,
}) => {
  const token = await signIn(page, 'admin');
  await page.goto('/admin/payouts');
  const settlements = page.getByRole('region', { name: 'Settlements' });
  /** The statuses of the owner's payouts, as the API reports them (the sandbox's bank answers in the background). */
  const payoutStatuses = async () => {
    const res = await page.request.get('/api/admin/payouts/settlements', { headers: { authorization: `Bearer ${token}` } });
    const { settlements } = (await res.json()) as { settlements: { payouts: { status: string }[] }[] };
    return settlements.flatMap((s) => s.payouts.map((p) => p.status));
  };
  // The seed's finished stay is settled, waiting for payout details.
  await expect(settlements.getByText('Waiting for payout details').filter({ visible: true })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'payouts');

  const details = page.getByRole('region', { name: 'Payout details' });
  await details.getByRole('textbox', { name: 'Legal name' }).fill('Demo Hospitality Private Limited');
  await details.getByRole('textbox', { name: 'PAN' }).fill('ABCDE1234');
  await details.getByRole('combobox', { name: /^State/ }).selectOption({ label: 'Karnataka' });
  await details.getByText('UPI id', { exact: true }).click();
  await details.getByRole('textbox', { name: 'UPI id' }).fill('failure@razorpay');
  await details.getByRole('button', { name: 'Save payout details' }).click();
  await expect(details.getByText('PAN must be 10 characters like ABCPE1234F')).toBeVisible();
  await details.getByRole('textbox', { name: 'PAN' }).fill('ABCPE1234F');
  // The gateway checks the UPI id when it is saved: this one can not receive money, and nothing is kept.
  await details.getByRole('button', { name: 'Save payout details' }).click();
  await expect(details.getByRole('textbox', { name: 'UPI id' })).toHaveAccessibleDescription(
    'The UPI id does not exist or can not receive money',
  );
  await expect(details.getByText('Add your payout details to be paid.')).toBeVisible();

  // A bank account that passes the check, whose bank then refuses the transfer.
  await details.getByText('Bank account', { exact: true }).click();
  await details.getByRole('textbox', { name: 'IFSC' }).fill('HDFC0001234');
  await details.getByRole('textbox', { name: 'Account number', exact: true }).fill('50100123450000');
  await details.getByRole('textbox', { name: 'Account number again' }).fill('50100123450000');
  await details.getByRole('textbox', { name: "Account holder's name" }).fill('Demo Hospitality Private Limited');
  await details.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByText('Payout details saved')).toBeVisible();
  await expect(details.getByText('HDFC0001234 · XXXXXX0000')).toBeVisible();

  // The sandbox's bank refuses the transfer a few seconds later; the owner sees why, when, and the next try.
  await expect.poll(payoutStatuses, { timeout: 30_000 }).toContain('failed');
  await page.reload();
  await expect(
    settlements.getByText('The beneficiary bank account is closed or invalid').filter({ visible: true }),
  ).toBeVisible();
  await expect(settlements.getByText('Failed', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(
    settlements
      .getByText(/^Tried \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Next try \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
      .filter({ visible: true }),
  ).toBeVisible();

  // The platform sees the failed payout in its month.
  await page.goto('/admin/platform-month');
  await expect(
    page.getByRole('region', { name: 'Failed payouts' }).getByText('The beneficiary bank account is closed or invalid'),
  ).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'platform month');

  // New details: paid at once to them.
  await page.goto('/admin/payouts');
  await details.getByText('Bank account', { exact: true }).click();
  await details.getByRole('textbox', { name: 'IFSC' }).fill('HDFC0001234');
  await details.getByRole('textbox', { name: 'Account number', exact: true }).fill('50100123456789');
  await details.getByRole('textbox', { name: 'Account number again' }).fill('50100123456789');
  await details.getByRole('textbox', { name: "Account holder's name" }).fill('Demo Hospitality Private Limited');
  await details.getByRole('button', { name: 'Save payout details' }).click();
  await expect(details.getByText('HDFC0001234 · XXXXXX6789')).toBeVisible();
  await expect.poll(payoutStatuses, { timeout: 30_000 }).toContain('processed');
  await page.reload();
  await expect(settlements.getByText('Paid', { exact: true }).filter({ visible: true })).toBeVisible();

  // The statement on screen, and its downloads.
  await settlements.getByRole('link').filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: /^Settlement / })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Total' })).toBeVisible();
  // Settled against the owner's PAN, an individual's: no TDS while the year's gross stays within ₹5 lakh (ADR 050).
  await expect(page.getByText('PAN: ABCPA1234F')).toBeVisible();
  await expect(page.getByText('TDS 0 % · s.393(1) S.No. 8(v) (within ₹5 lakh)').filter({ visible: true }).first()).toBeVisible();
  // Paid: the day and the bank's reference, where the payable amount was; the statement's files on its page.
  await expect(page.getByText(/^Paid on \d{2}\/\d{2}\/\d{4}: ₹/)).toBeVisible();
  await expect(page.getByText(/^Payable to you/)).toHaveCount(0);
  await expect(page.getByText(/^Bank reference \(UTR\) \d{12}$/)).toBeVisible();
  const onPage = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Statement files' }).getByRole('button', { name: 'Download PDF' }).click();
  expect((await onPage).suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expectAccessible(page, 'statement');
  await page.goto('/admin/payouts');
  const download = page.waitForEvent('download');
  await settlements.getByRole('button', { name: /^CSV / }).filter({ visible: true }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/);

  // The settlement's fee invoice: billed to the GSTIN's legal name and address, its GST in equal halves (ADR 055).
  // (Read through the API: the seed's settlement may be of last month, which the page does not show by default.)
  const feeBytes = await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('adminLoginToken')}` };
    const { feeInvoices } = (await (await fetch('/api/admin/payouts/fee-invoices', { headers })).json()) as {
      feeInvoices: { id: string }[];
    };
    const file = await fetch(`/api/admin/payouts/fee-invoices/${feeInvoices[0]?.id}/file`, { headers });
    return [...new Uint8Array(await file.arrayBuffer())];
  });
  const fee = await pdfText(Buffer.from(feeBytes));
  expect(fee).toMatch(/Billed to Indiranagar Grand Hospitality Private Limited .+, Bengaluru GSTIN 29/);
  const [cgst, sgst] = [/CGST @ 9%: (₹[\d,.]+)/.exec(fee)?.[1], /SGST @ 9%: (₹[\d,.]+)/.exec(fee)?.[1]];
  expect(cgst).toBeTruthy();
  expect(cgst).toBe(sgst);

  // The quarter's TDS statement.
  const reports = page.getByRole('region', { name: 'Reports for your accountant' });
  const tds = page.waitForEvent('download');
  await reports.getByRole('button', { name: 'PDF', exact: true }).last().click();
  expect((await tds).suggestedFilename()).toMatch(/^tds-\d{4}-\d{2}-Q[1-4]\.pdf$/);
});

test('an owner declares their GST standing in a state, sees who invoices their guests there, and a guest’s invoice says so (ADR 054)', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/payouts');
  const gst = page.getByRole('region', { name: 'GST in your states' });
  // Before any declaration, each state is invoiced as its listings say.
  await expect(gst.getByText('Andhra Pradesh (37)')).toBeVisible({ timeout: 30_000 });
  await expect(gst.getByText('Not declared yet').first()).toBeVisible();

  const form = gst.getByRole('form', { name: 'New declaration' });
  await form.getByRole('combobox', { name: /^State/ }).selectOption({ label: 'Andhra Pradesh' });
  await form.getByRole('combobox', { name: /^GST registration/ }).selectOption({ label: 'Registered (regular)' });
  await form.getByRole('textbox', { name: /^GSTIN/ }).fill('29AAGCB7383J1Z4');
  await form.getByRole('textbox', { name: /^Legal name/ }).fill('Demo Hospitality Private Limited');
  await form.getByRole('textbox', { name: /^Principal place of business/ }).fill('Padmapuram Gardens Road, Araku Valley 531149');
  await form.getByRole('radio', { name: 'No, within' }).check();
  await form.getByRole('checkbox', { name: /^I declare/ }).check();
  await form.getByRole('button', { name: 'Declare' }).click();
  // A GSTIN of another state is refused, and nothing is declared.
  await expect(form.getByText(/This GSTIN is of another state/)).toBeVisible();

  // Not registered, within the threshold: StayBook invoices the guests under s.9(5).
  await form.getByRole('combobox', { name: /^GST registration/ }).selectOption({ label: 'Not registered' });
  await form.getByRole('button', { name: 'Declare' }).click();
  await expect(page.getByText('GST declaration saved')).toBeVisible();
  const andhra = gst.getByRole('article', { name: 'Andhra Pradesh (37)' });
  await expect(andhra.getByText(/StayBook invoices your guests under s\.9\(5\)/)).toBeVisible();
  await expect(andhra.getByText(/Not registered · Within the threshold: not liable to register · Declared/)).toBeVisible();
  await expectAccessible(page, 'gst declarations');

  // A guest books one of those stays: StayBook is the supplier, under its GSTIN of the state, and says why.
  const stayId = await page.evaluate(async () => {
    const res = await fetch('/api/admin/stays', {
      headers: { authorization: `Bearer ${localStorage.getItem('adminLoginToken')}` },
    });
    const { stays } = (await res.json()) as { stays: { id: string; name: string }[] };
    return stays.find((s) => s.name === 'Araku Valley Cottages')?.id;
  });
  expect(stayId).toBeTruthy();
  await signIn(page, 'guest');
  const checkIn = addDays(todayInIndia(), 61);
  await page.goto(`/hotels/${stayId}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&adults=1&children=0&rooms=1`);
  await page.getByRole('button', { name: 'Select Room to book' }).click();
  const rooms = page.getByRole('dialog', { name: 'Select your rooms' });
  await rooms
    .getByRole('checkbox', { name: /^Room \d+$/, disabled: false })
    .first()
    .check();
  await rooms.getByRole('button', { name: 'Pay Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Secure payment' });
  await checkout.getByLabel(/Card number/).fill('4111 1111 1111 1111');
  await checkout.getByLabel(/Expiry/).fill('12/30');
  await checkout.getByLabel(/CVV/).fill('123');
  await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('dialog', { name: 'Booking confirmed' }).getByRole('button', { name: 'View My Orders' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Araku Valley Cottages' }).first();
  const number = ((await card.getByTestId('document-invoice').textContent()) ?? '').replace(/^No\. /, '');
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download tax invoice ${number}` }).click();
  const printed = await pdfText(readFileSync((await (await downloading).path()) as string));
  expect(printed).toContain('StayBook Marketplace Private Limited');
  expect(printed).toContain('not liable for registration under section 22(1)');
});

test('on a phone the statement and Platform month show cards, not wide tables: every figure on screen, nothing to scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'admin');
  await page.goto('/admin/payouts');
  const settlements = page.getByRole('region', { name: 'Settlements' });
  await settlements.getByRole('link').filter({ visible: true }).first().click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /^Settlement / })).toBeVisible();
  // The total's card holds the net, on screen; the page is no wider than the phone.
  const total = page.getByRole('article', { name: 'Total' });
  const net = total.getByText('Net', { exact: true });
  await net.scrollIntoViewIfNeeded();
  await expect(net).toBeInViewport({ ratio: 1 });
  const box = await total.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.getByRole('group', { name: 'Statement files' }).getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expectAccessible(page, 'statement at 375 px');

  await page.goto('/admin/platform-month');
  await expect(page.getByRole('heading', { name: 'Platform month' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fee per stay' }).getByRole('searchbox')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'platform month at 375 px');
});

test('the platform finds a stay’s fee by stay or owner name, a page at a time', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/platform-month');
  const fees = page.getByRole('region', { name: 'Fee per stay' });
  await expect(fees.getByRole('button', { name: '2' })).toBeVisible({ timeout: 30_000 });
  const rows = fees.getByRole('row');
  await expect(rows).toHaveCount(20);
  await fees.getByRole('searchbox', { name: 'Search by stay or owner' }).fill('araku');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Araku Valley Cottages');
  await expect(fees.getByText(/· 1 stay$/)).toBeVisible();
});
