import { useEffect, useState } from 'react';

/**
 * A lazily loaded dialog's `opened`: it mounts closed and opens on the next render, so the opening transition plays
 * the first time too (a dialog mounted open would appear without it).
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(opened), [opened]);
  return shown;
}
