import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * What StayBook holds about the signed-in admin as a stay owner (GET /api/admin/me/export), saved by the browser as
 * a JSON file.
 */
export async function downloadOwnerData(): Promise<void> {
  const blob = await api<Blob>('/admin/me/export', { auth: 'admin', as: 'blob' });
  saveFile(blob, `staybook-owner-data-${new Date().toISOString().slice(0, 10)}.json`);
}
