import type { Area } from '@/lib/token-storage';
import { ApiError, GENERIC_ERROR, reportUnauthorized } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { tokenStorage } from '@/lib/token-storage';

/**
 * A file the API sends (the CSV export) fetched with the area's token and handed to the browser as a download, under
 * the name the server gives (Content-Disposition) or `fallbackName`. Errors as ApiError, like `api`.
 */
export async function download(
  path: string,
  opts: { query?: Record<string, string | number | undefined>; auth: Area; fallbackName: string },
) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {};
  const token = tokenStorage.get(opts.auth);
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    throw new ApiError(GENERIC_ERROR, 0);
  }
  if (!res.ok) {
    const data = await res.json().catch(() => undefined);
    if (res.status === 401) reportUnauthorized(opts.auth);
    throw new ApiError(
      typeof data?.message === 'string' ? data.message : GENERIC_ERROR,
      res.status,
      data?.code,
      data?.fieldErrors,
    );
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? opts.fallbackName;
  saveFile(await res.blob(), name);
  return name;
}
