import { API_MSG } from '@repo/shared/constants/messages';
import { common } from '@/copy/common';

/** Labels and texts of the sign-in, sign-up and password screens (guest and admin). */
export const authCopy = {
  fields: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    mobile: 'Mobile',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    newPassword: 'Password',
  },
  placeholders: {
    firstName: 'e.g. Priya',
    lastName: 'e.g. Sharma',
    email: 'you@example.com',
    mobile: '10-digit mobile number',
    password: '8 to 15 characters',
  },
  hints: {
    password: 'Use 8 to 15 letters, digits or !@#$%^&*',
  },
  login: {
    title: { guest: 'Login', admin: 'Admin Login' },
    subtitle: { guest: 'Welcome back! Sign in to book your next stay.', admin: 'Sign in to manage your stays and rooms.' },
    submit: common.nav.login,
    forgot: 'Forgot password?',
    searchNotice: 'Log in to see stays for your search',
    noAccount: "Don't have an account?",
    signUp: common.nav.signUp,
  },
  register: {
    title: { guest: 'Sign Up', admin: 'Admin Sign Up' },
    subtitle: {
      guest: 'Create your account to search and book stays across India.',
      admin: 'Create an administrator account. An existing administrator approves admin access.',
    },
    submit: common.nav.signUp,
    haveAccount: 'Already have an account?',
    login: common.nav.login,
    fallbackSuccess: API_MSG.registered,
    searchNotice: 'Sign up, then log in to see stays for your search',
    privacyPrompt: 'What we keep about you, why, for how long, and how to get a copy or delete it:',
    privacyLink: common.nav.privacy,
  },
  forgot: {
    title: 'Forgot password',
    subtitle: 'Enter the email you registered with and we will mail you a link to reset your password.',
    submit: 'Send reset link',
    remembered: 'Remembered your password?',
    login: common.nav.login,
  },
  verify: {
    title: 'Reset your password',
    checking: 'Checking your reset link…',
    prompt: API_MSG.resetLinkValid,
    button: 'Reset Password',
    /** A failed verification shows the word 'error'. */
    error: 'error',
    newLink: 'Request a new link',
  },
  reset: {
    title: 'Reset password',
    subtitle: 'Enter your email and choose a new password.',
    submit: 'Reset Password',
    missingLink: 'Open the reset link from your email to choose a new password.',
    newLink: 'Request a new link',
    login: 'Back to login',
  },
  logout: {
    done: API_MSG.loggedOut,
  },
  /** The mailed email-confirmation link's page, and the notice shown until the address is confirmed (ADR 024). */
  confirm: {
    title: 'Confirm your email',
    checking: 'Confirming your email address…',
    done: 'Email confirmed',
    failed: 'This link did not work',
    book: 'Find a stay',
    login: 'Log in',
    notice: 'Confirm your email address to book',
    noticeText: (email: string) =>
      `We mailed a confirmation link to ${email}. Open it to book rooms; the link works for 48 hours.`,
    resend: 'Send the link again',
    resending: 'Sending…',
    /** After sign-up, on the login page it leads to. */
    signedUp: 'Check your inbox',
    signedUpText: (email: string) =>
      `We mailed a confirmation link to ${email}. Open it to be able to book rooms; the link works for 48 hours.`,
    /** In the room dialog, where Pay Now would be, until the address is confirmed. */
    toBook: (email: string) => `Confirm your email to book: we mailed a link to ${email}.`,
  },
  menu: {
    greeting: 'Welcome User !!!',
  },
} as const;
