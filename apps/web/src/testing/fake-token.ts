/** An unsigned token with the claims the app reads (id, names, email, mobile); the server is mocked in tests. */
export function fakeToken(
  claims: Partial<{ id: string; firstName: string; lastName: string; email: string; mobile: string }> = {},
) {
  const payload = {
    id: '5b0f4c1e-3a47-4c36-9d1e-8a2f6b7c9d01',
    firstName: 'Rahul',
    lastName: 'Sharma',
    email: 'guest@staybook.in',
    mobile: '9123456780',
    sid: '0b8a7c2e-1f47-4c36-9d1e-8a2f6b7c9d02',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}
