import { AdminPage } from '@/components/ui/admin-page';
import { usePaymentMismatches } from '@/features/payments/api/get-payment-mismatches';
import { MismatchesTable } from '@/features/payments/components/mismatches-table';
import { PAYMENTS_COPY } from '@/features/payments/copy';

/** /admin/payment-mismatches: captured payments refunded because they did not match their booking's order. */
export default function PaymentMismatchesScreen() {
  const query = usePaymentMismatches();
  return (
    <AdminPage size="lg" title={PAYMENTS_COPY.title} subtitle={PAYMENTS_COPY.subtitle}>
      <MismatchesTable query={query} />
    </AdminPage>
  );
}
