import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, loginAdmin, loginGuest, type TestApp, testEngine } from '../helper.ts';

/**
 * Property-based fuzzing of every route the API publishes in its OpenAPI document: malformed, oversized and
 * hostile bodies, queries and path parameters, with no token, a guest token and an admin token.
 * For every request: no 5xx; a 4xx answer changes no stored data; no body leaks a hash, a stack trace or SQL.
 */
// A thousand requests per route on each engine, which keeps CI within its time on a 2-core host as routes are added
// (FUZZ_RUNS sets another count: more for a long run, fewer for a quick local one).
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 1000);

const HOSTILE = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; select pg_sleep(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, sent literally
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x7fffffff',
  '9'.repeat(40),
  '2026-02-30',
  '0000-00-00',
  '😀🏨',
  'a'.repeat(5000),
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.uuid().map(String),
);

type Route = { method: string; path: string; bodyKeys: string[]; queryKeys: string[]; multipart: boolean };

function routesFrom(doc: { paths: Record<string, Record<string, unknown>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, opRaw] of Object.entries(ops)) {
      const op = opRaw as {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      };
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema?.properties ?? {};
      routes.push({
        method: method.toUpperCase(),
        path,
        bodyKeys: Object.keys(json),
        queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        multipart: Boolean(content['multipart/form-data']),
      });
    }
  }
  return routes.filter((r) => !r.path.startsWith('/api/docs'));
}

const LEAKS = [
  /\$argon2/i,
  /password_?hash/i,
  /\bat .+\.(ts|js):\d+/,
  /\bselect .+ from\b/i,
  /\binsert into\b/i,
  /syntax error at/i,
  /drizzle/i,
];

/** A function that hashes every table's rows in one query (the table list is read once). */
async function fingerprinter(app: TestApp): Promise<() => Promise<string>> {
  const tables = await app.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  const query = sql.raw(
    names
      .map((name) => `select '${name}' as t, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from "${name}" r`)
      .join(' union all '),
  );
  return async () => {
    const r = await app.db.execute(query);
    return (r as unknown as { rows: { t: string; h: string }[] }).rows.map((row) => `${row.t}:${row.h}`).join(',');
  };
}

/**
 * Fuzzes one share of the routes (those whose index in the document is `part` modulo `parts`, counted from 1), so
 * that the shares run in parallel as test files of their own (fuzz-1.test.ts …).
 */
export function fuzzRoutes(part: number, parts: number) {
  describe(`fuzzing routes, part ${part} of ${parts} (${testEngine})`, async () => {
    const app = await build();
    let tokens: Record<'none' | 'guest' | 'admin', string | undefined>;
    let routes: Route[] = [];
    let fingerprint: () => Promise<string>;

    beforeAll(async () => {
      fingerprint = await fingerprinter(app);
      const guest = await loginGuest(app);
      // The platform's admin (ADR 023): every admin route, the users routes too, is reached with it.
      const admin = await loginAdmin(app, { isPlatform: true });
      tokens = { none: undefined, guest: guest.token, admin: admin.token };
      const all = routesFrom(app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> });
      expect(all.length).toBeGreaterThan(3 * parts);
      routes = all.filter((_, i) => i % parts === part - 1);
    });

    it('takes its share of the routes from the OpenAPI document', () => {
      expect(routes.length).toBeGreaterThan(2);
    });

    it('answers every malformed request without a 5xx, a leak or a change on refusal', { timeout: 600_000 }, async () => {
      let requests = 0;
      for (const route of routes) {
        let baseline = await fingerprint();
        let refusals = 0;
        let changedOnRefusal: string | undefined;
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom<'none' | 'guest' | 'admin'>('none', 'guest', 'admin'),
            fc.array(hostileString, { minLength: 4, maxLength: 4 }),
            fc.dictionary(
              fc.oneof(fc.constantFrom(...(route.queryKeys.length ? route.queryKeys : ['q'])), hostileString),
              hostileString,
              { maxKeys: 6 },
            ),
            fc.oneof(
              fc.record(Object.fromEntries(route.bodyKeys.map((k) => [k, hostileValue])), { requiredKeys: [] }),
              hostileValue,
              fc.constant(undefined),
            ),
            fc.boolean(),
            async (who, pathValues, query, body, rawGarbage) => {
              let i = 0;
              const url = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValues[i++ % pathValues.length] || 'x'));
              const qs = new URLSearchParams(query as Record<string, string>).toString();
              const headers: Record<string, string> = {};
              const token = tokens[who];
              if (token) headers.authorization = `Bearer ${token}`;
              const sendsBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
              let payload: string | undefined;
              if (sendsBody) {
                headers['content-type'] = 'application/json';
                payload = rawGarbage ? `{"x": ${String(pathValues[0])}` : JSON.stringify(body ?? {});
              }
              const res = await app.inject({ method: route.method as 'GET', url: qs ? `${url}?${qs}` : url, headers, payload });
              requests++;
              if (res.statusCode >= 500) {
                throw new Error(
                  `${route.method} ${route.path} → ${res.statusCode} for ${url}?${qs} ${payload ?? ''}: ${res.body.slice(0, 300)}`,
                );
              }
              for (const leak of LEAKS) {
                if (leak.test(res.body))
                  throw new Error(`${route.method} ${route.path} leaked ${leak} in ${res.body.slice(0, 300)}`);
              }
              if (res.statusCode < 400) {
                // A valid write may change data: compare refusals against the state after it. A GET changes nothing
                // (if one did, the next sampled refusal would report it).
                if (sendsBody || route.method === 'DELETE') baseline = await fingerprint();
              } else if (!changedOnRefusal && refusals++ % 10 === 0) {
                const now = await fingerprint();
                if (now !== baseline) changedOnRefusal = `${route.method} ${url} → ${res.statusCode} changed data`;
              }
              return true;
            },
          ),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
        // A refusal never changes data (sampled every tenth refusal; data may change only through a 2xx).
        expect(changedOnRefusal, `${route.method} ${route.path}`).toBeUndefined();
      }
      expect(requests).toBe(routes.length * RUNS_PER_ROUTE);
      console.info(`fuzz part ${part}/${parts} (${testEngine}): ${requests} requests over ${routes.length} routes`);
    });
  });
}
