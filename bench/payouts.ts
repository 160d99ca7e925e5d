/**
 * The payouts' budgets (ADR 032), run by bench/run.ts on the bench database: 5,000 stays of 500 owners with
 * 300,000 paid bookings checked in over last month (each with its payment and tax invoice; a third of the stays
 * not registered, supplied by the platform under s.9(5)), settled week by week as the hourly run does (every owner,
 * every period of the month): in under 60 s. Then one owner's statement (GET /api/admin/payouts/settlements/:id,
 * a week of about 140 lines) at 32 connections: p99 under 100 ms.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '../packages/shared/src/domain/dates.ts';
import { periodOf } from '../packages/shared/src/domain/marketplace.ts';
import { testConfig } from '../apps/api/src/config/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { settlePeriod } from '../apps/api/src/features/payouts/index.ts';
import { hashPassword } from '../apps/api/src/features/auth/password.ts';
import type { BenchContext, BenchSection, Check } from './context.ts';

const OWNERS = 500;
const STAYS = 5000;
const BOOKINGS = 300_000;
const PASSWORD = 'Bench@12345';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Builds the owners, stays, bookings, payments and invoices of last month; returns the month and the build time. */
export async function buildPayoutsData(client: BenchContext['client'], guestId: string, today: string) {
  // Last month, India dates.
  const firstOfThis = `${today.slice(0, 7)}-01`;
  const monthStart = `${addDays(firstOfThis, -1).slice(0, 7)}-01`;
  const monthEnd = addDays(firstOfThis, -1);
  const days = Number(monthEnd.slice(8, 10));

  const hash = await hashPassword(PASSWORD);
  await client.query(
    `insert into users (first_name, last_name, email, mobile, password_hash, is_admin)
     select 'Owner', g::text, 'owner' || g || '@payouts.bench', '90000' || lpad(g::text, 5, '0'), $1, true
     from generate_series(1, ${OWNERS}) g`,
    [hash],
  );
  // Stays: owner (s % 500), registered (a GSTIN of Karnataka) unless s % 3 = 0.
  await client.query(
    `insert into stays (owner_id, name, type, city, state_code, gstin, legal_name)
     select u.id, 'Payout Stay ' || s, 'Hotel', 'payoutville', '29',
            case when s % 3 = 0 then null else '29AAGCB' || lpad(s::text, 4, '0') || 'J1Z' || (s % 10)::text end, 'Stay ' || s
     from generate_series(1, ${STAYS}) s
     join (select id, row_number() over (order by email) - 1 as n from users where email like '%@payouts.bench') u on u.n = s % ${OWNERS}`,
  );
  const started = Date.now();
  // Bookings: 60 a stay, two nights, checked in over last month, paid ten days before check-in at ₹2,500 a night.
  await client.query(
    `insert into bookings (user_id, stay_id, check_in, check_out, nights, adults, amount_paise, status, hotel_name, provider, created_at)
     select $1, st.id, $2::date + (k % ${days}), $2::date + (k % ${days}) + 2, 2, 2, 500000, 'confirmed', st.name, 'sandbox',
            ($2::date + (k % ${days}) - 10)::timestamptz
     from (select id, name from stays where city = 'payoutville') st cross join generate_series(0, ${BOOKINGS / STAYS - 1}) k`,
    [guestId, monthStart],
  );
  await client.query(
    `insert into payments (booking_id, provider, provider_payment_id, amount_paise, source, created_at)
     select b.id, 'sandbox', 'pay_b' || replace(b.id::text, '-', ''), b.amount_paise, 'webhook', b.created_at
     from bookings b join stays s on s.id = b.stay_id where s.city = 'payoutville'`,
  );
  // Their tax invoices: 5 % GST in ₹5,000 (₹4,761.90 + ₹119.05 + ₹119.05), by the stay or the platform.
  await client.query(
    `insert into invoices (booking_id, kind, supplier, financial_year, seq, number, total_paise, snapshot, issued_at)
     select b.id, 'invoice', coalesce(s.gstin, '29AAACS9999Z1ZZ'), '2026-27',
            row_number() over (partition by coalesce(s.gstin, '29AAACS9999Z1ZZ') order by b.id),
            'TI/' || row_number() over (partition by coalesce(s.gstin, '29AAACS9999Z1ZZ') order by b.id), 500000,
            jsonb_build_object('title', 'Tax Invoice',
              'supplier', case when s.gstin is null then jsonb_build_object('gstin', '29AAACS9999Z1ZZ', 'through', jsonb_build_object('name', s.name))
                               else jsonb_build_object('gstin', s.gstin) end,
              'recipient', jsonb_build_object('name', 'Guest', 'gstin', null),
              'gst', jsonb_build_object('registered', true, 'taxable', 476190, 'cgst', 11905, 'sgst', 11905, 'total', 500000,
                'lines', jsonb_build_array(jsonb_build_object('ratePercent', 5, 'taxable', 476190, 'cgst', 11905, 'sgst', 11905, 'nights', 2)))),
            b.created_at
     from bookings b join stays s on s.id = b.stay_id where s.city = 'payoutville'`,
  );
  await client.query('analyze bookings, payments, invoices, stays, users');
  return { monthStart, monthEnd, built: (Date.now() - started) / 1000 };
}

/** Settles a month period by period, as the hourly run does; the periods, settlements made and seconds taken. */
export async function settleMonth(databaseUrl: string, monthStart: string, monthEnd: string) {
  const database = await openDatabase({ url: databaseUrl, dataDir: null, poolSize: 4 });
  const deps = {
    db: database.db,
    config: testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'bench-payouts-')) }),
    log: silent as never,
  };
  const periods: { start: string; end: string }[] = [];
  for (let p = periodOf(monthStart); p.start <= monthEnd; p = periodOf(addDays(p.end, 1))) periods.push(p);
  const t0 = Date.now();
  let made = 0;
  for (const p of periods) made += await settlePeriod(deps, p);
  const seconds = (Date.now() - t0) / 1000;
  await database.close();
  return { periods, made, seconds };
}

export default async function payoutsBench(ctx: BenchContext): Promise<BenchSection> {
  const { client, baseUrl, load, today } = ctx;
  const guest = await ctx.newGuest();
  const { monthStart, built } = await buildPayoutsData(client, guest.id, today);
  const monthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
  const { periods, made, seconds: settleSeconds } = await settleMonth(ctx.databaseUrl, monthStart, monthEnd);

  const {
    rows: [counts],
  } = await client.query<{ lines: string; settlements: string }>(
    `select (select count(*) from settlement_lines) as lines, (select count(*) from settlements) as settlements`,
  );

  // One owner's biggest settlement, read by its owner.
  const {
    rows: [target],
  } = await client.query<{ id: string; email: string; line_count: number }>(
    `select s.id, u.email, s.line_count from settlements s join users u on u.id = s.owner_id
     where u.email like '%@payouts.bench' order by s.line_count desc limit 1`,
  );
  if (!target) throw new Error('no settlement was made');
  const login = await fetch(`${baseUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: target.email, password: PASSWORD }),
  });
  const { adminLoginToken } = (await login.json()) as { adminLoginToken: string };
  const headers = { authorization: `Bearer ${adminLoginToken}` };
  const url = `/api/admin/payouts/settlements/${target.id}`;
  const first = await fetch(`${baseUrl}${url}`, { headers });
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}: ${await first.text()}`);
  const { measure } = await load(`GET ${url.replace(target.id, ':id')} (${target.line_count} lines)`, {
    url: baseUrl,
    requests: [{ method: 'GET', path: url, headers }],
  });

  const checks: Check[] = [
    {
      what: `a month's settlement (${STAYS.toLocaleString('en-IN')} stays, ${BOOKINGS.toLocaleString('en-IN')} bookings, ${periods.length} periods)`,
      budget: '< 60 s',
      measured: `${settleSeconds.toFixed(1)} s`,
      ok: settleSeconds < 60 && Number(counts?.lines) === BOOKINGS,
    },
    {
      what: `one owner's statement p99 (${target.line_count} lines, 32 connections)`,
      budget: '< 100 ms',
      measured: `${measure.p99} ms`,
      ok: measure.p99 < 100 && measure.non2xx === 0,
    },
  ];
  return {
    title: 'Payouts',
    markdown: `${OWNERS} owners of ${STAYS.toLocaleString('en-IN')} stays (a third not registered, supplied by the platform under s.9(5)), ${BOOKINGS.toLocaleString('en-IN')} paid bookings checked in over ${monthStart.slice(0, 7)}, each with its payment and tax invoice (built in ${built.toFixed(1)} s). The month settled period by period (${periods.map((p) => `${p.start.slice(5)}–${p.end.slice(5)}`).join(', ')}) as the hourly run settles them: ${made} settlements, ${counts?.lines} lines, in ${settleSeconds.toFixed(1)} s. Then the owner of the largest settlement reads it (every line, with stay, dates and invoice number) at 32 connections.

| endpoint | p50 ms | p99 ms | req/s | requests | non-2xx |
|---|---|---|---|---|---|
| ${measure.name} | ${measure.p50} | ${measure.p99} | ${Math.round(measure.rps)} | ${measure.requests} | ${measure.non2xx} |`,
    checks,
  };
}
