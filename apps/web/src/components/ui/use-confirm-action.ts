import { useState } from 'react';

/**
 * An action that asks first (e.g. delete from a list): `ask(item)` opens the confirmation, `confirm()` runs the
 * action for that item with `busy` set while it runs, then closes; `ask(null)` cancels.
 */
export function useConfirmAction<T>(action: (item: T) => Promise<unknown>) {
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (pending === null) return;
    setBusy(true);
    try {
      await action(pending);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  return { pending, ask: setPending, busy, confirm };
}
