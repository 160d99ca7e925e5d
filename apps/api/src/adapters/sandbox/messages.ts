import { SANDBOX_UPI_IDS } from '@repo/shared/schemas/payment';

/** The sandbox checkout's own messages (its card rules, its UPI app). */
export const SANDBOX_MSG = {
  useTestCard: 'Use a sandbox test card',
  cardExpired: 'This card has expired',
  useTestUpiId: `Use a sandbox UPI ID: ${SANDBOX_UPI_IDS.success}, ${SANDBOX_UPI_IDS.failure} or ${SANDBOX_UPI_IDS.pending}`,
  collectOff: 'Paying to a UPI ID is no longer offered: pay with your UPI app or scan the QR code',
  upiPending: 'A UPI payment for this booking is waiting for approval in your UPI app',
  notPending: 'This payment is not waiting for approval',
  noPendingUpi: 'No UPI payment of this booking is waiting for approval',
} as const;
