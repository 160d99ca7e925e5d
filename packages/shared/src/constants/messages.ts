import { formatRupees } from '../domain/money.ts';

/**
 * Validation and error messages of the product, verbatim as the product defines them — typos included.
 * Each text lives here once; forms and API use these constants.
 */
export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email',
  passwordRequired: 'Password is required',
  passwordInvalid: 'Enter a valid Password',
  confirmPasswordRequired: 'Confirm Password is required',
  confirmPasswordInvalid: 'Confirm Password should match Password',
  passwordsMismatch: 'Passwords doesnt match! Please enter the same passwords',
  firstNameRequired: 'Firstname is required',
  lastNameRequired: 'Lastname is required',
  nameTooLong: 'Name can not exceed 20 characters',
  firstNameTooShort: 'firstName can not be shorter than 3 leters',
  lastNameTooShort: 'LastName can not be shorter than 3 leters',
  mobileRequired: 'Mobile is required',
  mobileInvalid: 'Enter a valid mobile number',
  cityRequired: 'City name cant be empty',
  bookingNeedsDates: 'Enter the stay dates & Room Count to proceed with booking smoothly',
  roomNumberRequired: 'Room number is required',
  imagesOnly: 'Only image files are allowed',
} as const;

/**
 * The billing address (the recipient's address on a tax invoice, with PIN code and state: CGST Rules, rule 46),
 * asked on My Profile and with a hold. Ours: the spec has no address.
 */
export const BILLING_MSG = {
  addressRequired: 'Billing address is required',
  addressTooLong: 'Billing address can not exceed 200 characters',
  pinRequired: 'PIN code is required',
  pinInvalid: 'Enter a valid 6-digit PIN code (it does not start with 0)',
  stateRequired: 'State is required',
  stateInvalid: 'Choose a state or union territory from the list',
  /** A hold with no billing address, and none on the profile. */
  holdNeedsAddress: 'Enter your billing address, PIN code and state: the tax invoice prints them',
  /** A profile edit that would leave the address without its PIN code or state (or them without it). */
  profileNeedsWhole: 'Enter the billing address, PIN code and state together',
} as const;

/** When a limit lets one try again: 'in a minute', 'in 40 minutes', 'in 5 hours'. */
const tryAgainIn = (seconds: number) =>
  seconds <= 60
    ? 'in a minute'
    : seconds <= 90 * 60
      ? `in ${Math.ceil(seconds / 60)} minutes`
      : `in ${Math.ceil(seconds / 3600)} hours`;

/** Server messages that are ours (the spec does not spell them). */
export const API_MSG = {
  badRequest: 'Please check the highlighted fields',
  unauthorized: 'Please log in to continue',
  sessionExpired: 'Your session has ended. Please log in again',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  routeNotFound: 'This address does not exist',
  tooMany: 'Too many attempts. Please wait a minute and try again',
  tooManyFor: (seconds: number) =>
    seconds <= 60
      ? 'Too many attempts. Please wait a minute and try again'
      : `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minutes`,
  changedMeanwhile: 'Something changed while this was being saved. Please try again',
  tryAgain: 'The service was interrupted for a moment. Please try again',
  internal: 'Something went wrong on our side. Please try again',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  registered: 'Registered successfully',
  adminRegisteredPending: 'Registered successfully. An administrator must approve your admin access before you can log in',
  adminNotApproved: 'Your admin access has not been approved yet',
  notAdmin: 'This account is not an administrator',
  notPlatform: 'Only the StayBook platform team can do this',
  platformNeedsAdmin: 'A platform admin must be an admin too',
  loggedOut: 'Logged Out Successfully',
  forgotSent: 'If an account exists for this email, a password reset link has been sent to it',
  resetLinkValid: 'Click the below button to reset Your password',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  resetDone: 'Your password has been reset. Please log in with the new password',
  resetEmailMismatch: 'This reset link was not issued for this email',
  subscribed: 'Thank you for subscribing! We will keep you posted on our best deals',
  profileUpdated: 'Profile updated successfully',
  /** A saved profile whose email changed: the new address is confirmed by a mailed link (ADR 045). */
  profileUpdatedConfirmEmail: (email: string) =>
    `Profile updated. We have mailed a confirmation link to ${email}: open it before your next booking`,
  /** Too many new email addresses from one account (ADR 045); nothing was changed. */
  emailChangesTooMany: (seconds: number) =>
    `You have changed your email address several times recently. Nothing was saved: please try again ${tryAgainIn(seconds)}`,
  /** Too many confirmation mails to one address, whoever asked (ADR 045); nothing was changed or sent. */
  confirmMailsTooMany: (seconds: number) =>
    `Several confirmation mails have gone to this address recently, so no other is sent now and nothing was changed. Please check its inbox, or try again ${tryAgainIn(seconds)}`,
  emailConfirmed: 'Your email address is confirmed. You can book now',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Log in and ask for a new one',
  /** A link mailed to an address the account no longer has (its email changed since): it confirms nothing (ADR 045). */
  confirmLinkOtherAddress:
    'This confirmation link was sent to an address that is no longer the email of this account, so it confirms nothing. Open the link mailed to the current address, or log in and ask for a new one',
  confirmSent: 'We have sent a new confirmation link to your email address',
  alreadyConfirmed: 'Your email address is already confirmed',
  /** "Send the link again" without signing in: the same answer whether or not such an account waits for a link. */
  confirmRequested: 'If an account with this email is waiting for its confirmation, a new link has been sent to it',
  confirmEmailFirst: 'Please confirm your email address before booking: open the link we mailed you, or ask for a new one',
  accountDeleted: 'Your account has been deleted. Records the law requires us to keep no longer name your email or mobile',
  wrongPassword: 'This password is not correct',
  accountHasUpcomingBookings: (n: number) =>
    `You have ${n} upcoming or running booking${n === 1 ? '' : 's'}. Cancel ${n === 1 ? 'it' : 'them'} from My Orders, or wait until ${n === 1 ? 'the stay is' : 'the stays are'} over, then delete your account`,
  adminAccountNotDeletable:
    'This account manages stays or the admin area, so it can not be deleted here. Ask the StayBook platform team',
  staffAccountNotDeletable: "This account is a stay owner's staff: ask the owner to remove you, then delete your account",
} as const;

/** The label that stands for a person who deleted their account (their reviews, the owner's reservations). */
export const FORMER_GUEST = 'Former guest';

/**
 * Where a refund goes, by how the booking was paid (payments.method, the gateway's word): said the same way in My
 * Orders and in the cancellation mail. `unknown` is for payments whose method the gateway did not give.
 */
export const REFUND_TO = {
  card: 'to the card you paid with',
  upi: 'to the UPI account you paid from',
  netbanking: 'to the bank account you paid from',
  unknown: 'to the account you paid from',
} as const;

export const refundTo = (method: keyof typeof REFUND_TO | null | undefined) => REFUND_TO[method ?? 'unknown'];

/** What the owner's price fields say about GST (ADR 022). */
export const GST_PRICE_MSG = {
  unslabbed: (
    label: string,
    band: { from: number; to: number; below: { ratePercent: number }; above: { ratePercent: number; tariffOver: number } },
  ) =>
    `${label} from ${formatRupees(band.from)} to ${formatRupees(band.to)} fits no GST slab (at ${band.above.ratePercent}% its value before tax is ${formatRupees(band.above.tariffOver)} or less, at ${band.below.ratePercent}% more): choose ${formatRupees(band.from - 1)} or less, or ${formatRupees(band.to + 1)} or more`,
} as const;

/**
 * What a guest is told after a refund failed, in My Orders and in the refund's mail alike (ADR 053): it is asked for
 * again by itself at `at` (India time, dd/MM/yyyy HH:mm), or, once those attempts are over, what happens next.
 */
export const REFUND_RETRY_MSG = {
  willRetry: (at: string) =>
    `The money has not left us. We will send it again by ourselves on ${at} (India time); you need not do anything.`,
  gaveUp:
    'The money has not left us. We tried several times; our team has been told and will write to you within 2 working days to send it another way. You can also ask for the refund again from My Orders.',
} as const;

/**
 * What a guest is owed when the stay cancels their booking itself, and how it is being paid, said the same way in My
 * Orders and the mail (ADR 053): by a payout link the guest opens to choose the account it goes to.
 */
export const COMPENSATION_MSG = {
  owed: (amount: string) =>
    `Compensation: ${amount} from the stay for cancelling, on top of the full refund. A link to claim it is on its way to your email.`,
  linkSent: (amount: string) =>
    `Compensation: ${amount} from the stay for cancelling, on top of the full refund. Open the link we sent to your email, or this one, and choose the bank account or UPI id to be paid to:`,
  linkEnded: (amount: string) =>
    `Compensation: ${amount} from the stay for cancelling, on top of the full refund. Its link ended before it was paid: our team will write to you within 2 working days to pay it another way.`,
  paid: (amount: string) =>
    `Compensation: ${amount} from the stay for cancelling, on top of the full refund, has been paid to you.`,
  claim: 'Claim your compensation',
} as const;
