import { Text } from '@mantine/core';
import { useStay } from '../api/get-stay';
import { STAYS_COPY } from '../copy';

const c = STAYS_COPY.stay.seller;

/**
 * Who charges the GST on a stay, said where the guest pays (the checkout's price breakup), as the stay page's seller
 * block says it: the stay under its GSTIN, or, for a stay not registered, the platform under s.9(5) (ADR 022, 051).
 * Nothing while the stay loads or for a stay sent without its seller.
 */
export function StaySupplierNote({ stayId }: { stayId: string }) {
  const stay = useStay(stayId);
  const seller = stay.data?.seller;
  if (!seller) return null;
  return (
    <Text size="xs" c="gray.7" mt={4} data-testid="checkout-supplier">
      {seller.gstin
        ? c.chargedBySeller(seller.legalName, seller.gstin)
        : c.chargedByPlatform(seller.legalName, seller.operator?.legalName ?? '', seller.operator?.gstin ?? null)}
    </Text>
  );
}
