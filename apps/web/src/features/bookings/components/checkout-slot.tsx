import { lazy, Suspense, useState } from 'react';
import { useCheckoutState } from '../checkout-store';
import type { HostedCheckouts } from './checkout-host';

const CheckoutHost = lazy(() => import('./checkout-host').then((m) => ({ default: m.CheckoutHost })));

/**
 * Where the guest layout shows a payment in progress: the checkout host (its dialogs, the gateway, the payment
 * schemas) loads with the first checkout opened and then stays mounted; pages without a payment never load it.
 * `hosted`: the checkouts the app hosts in a gateway's place (the shell gives them).
 */
export function CheckoutSlot({ hosted }: { hosted?: HostedCheckouts }) {
  const state = useCheckoutState();
  const [needed, setNeeded] = useState(state.phase !== 'idle');
  if (!needed && state.phase !== 'idle') setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CheckoutHost hosted={hosted} />
    </Suspense>
  );
}
