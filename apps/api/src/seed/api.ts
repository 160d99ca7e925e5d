import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A multipart/form-data body, as the admin stay form sends it: text fields (lists repeat the field) and JPEG files. */
export function formData(fields: Record<string, string | number | boolean | string[]>, files: { field: string; data: Buffer }[]) {
  const boundary = `----staybook-seed${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value])
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
  files.forEach((f, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="demo-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Call = {
  token?: string;
  json?: object;
  form?: ReturnType<typeof formData>;
  /** The status the product answers when the step worked (200 unless given). */
  expect?: number;
};

/**
 * The seed's client of the HTTP API: requests injected into an app that does not listen (routes → services, as a
 * browser's would), failing loudly on any answer but the expected one.
 */
export function seedApi(app: Pick<FastifyInstance, 'inject'>) {
  return async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, opts: Call = {}): Promise<T> {
    const res = await app.inject({
      method,
      url,
      headers: { ...(opts.token && { authorization: `Bearer ${opts.token}` }), ...opts.form?.headers },
      ...(opts.form ? { payload: opts.form.payload } : opts.json ? { payload: opts.json } : {}),
    });
    const expect = opts.expect ?? 200;
    if (res.statusCode !== expect)
      throw new Error(`seed: ${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    return res.json() as T;
  };
}
export type SeedApi = ReturnType<typeof seedApi>;
