import { RETENTION } from '@repo/shared/domain/retention';

const days = (n: number) => (n === 7 ? 'a week' : `${n} days`);

/** Labels and texts of My Profile, the privacy notice and the footer's subscribe form. */
export const accountsCopy = {
  profile: {
    title: 'My Profile',
    subtitle: 'Your personal details',
    cardTitle: 'Personal details',
    name: 'Name',
    email: 'Email',
    mobile: 'Mobile',
    memberSince: 'Member since',
    billingAddress: 'Billing address',
    noBillingAddress: 'Not added yet: it is asked once, with your first booking, or here.',
    edit: 'Edit profile',
    loadError: 'Your profile could not be loaded.',
  },
  /** The "Your data" card of My Profile (DPDP Act 2023: a copy of one's data, and erasure). */
  myData: {
    title: 'Your data',
    hint: 'Download a copy of everything StayBook holds about you, or delete your account.',
    download: 'Download my data',
    downloaded: 'Your data was downloaded as a JSON file',
    delete: 'Delete my account',
    dialogTitle: 'Delete your account?',
    consequences: 'This can not be undone. When your account is deleted:',
    points: [
      'You are signed out everywhere and can not sign in with it again.',
      'Your wishlist, deal subscription and contact details are removed.',
      'Bookings, payments and tax invoices are kept for as long as the law requires (for GST, 72 months after that year’s annual return is due); issued invoices keep what they printed.',
      'Your reviews stay, shown as by a Former guest.',
      'You can sign up again with the same email as a new account.',
    ],
    refusedTitle: 'Your account can not be deleted yet',
    /** Said on the card, before the password is asked for, when deleting could not be done now. */
    blockedTitle: 'Your account can not be deleted now',
    password: 'Password',
    passwordHint: 'Enter your password to confirm it is you.',
    showPassword: 'Show password',
    confirm: 'Delete my account',
    cancel: 'Cancel',
    close: 'Close',
  },
  /** The admin's My Profile: a copy of what is held about them as a stay owner (DPDP Act 2023). */
  ownerData: {
    title: 'Your data as an owner',
    hint: 'Download a copy of what StayBook holds about you as a stay owner: your account, PAN and payout details, your stays with their GST registration, and your settlements and payouts.',
    download: 'Download my owner data',
    downloaded: 'Your owner data was downloaded as a JSON file',
  },
  editDialog: {
    title: 'Edit profile',
    hint: 'Change only what you need. Blank fields keep their current values.',
    firstName: 'First Name',
    lastName: 'Last Name',
    mobile: 'Mobile',
    email: 'Email',
    billingHeading: 'Billing address',
    billingHint: 'Printed on your tax invoices. Give the address, PIN code and state together the first time.',
    billingAddress: 'Address',
    billingPin: 'PIN code',
    billingState: 'State',
    chooseState: 'Choose a state',
    submit: 'Save changes',
    cancel: 'Cancel',
    close: 'Close',
    nothingChanged: 'Nothing to update: all fields were left blank',
  },
  /**
   * The privacy notice (/privacy; DPDP Act 2023 s.5 and s.11 to s.13; ADR 051): what is collected and why, how long it
   * is kept (the periods the retention work carries out, from shared domain/retention.ts), and how to have a copy,
   * correct it or erase it.
   */
  privacyNotice: {
    title: 'Privacy notice',
    description: 'What StayBook keeps about you, why, for how long, and how to get a copy, correct it or delete it.',
    who: {
      title: 'Who keeps your data',
      text: (legalName: string, address: string) =>
        `${legalName}, ${address}, runs StayBook and decides what is done with your personal data (the Data Fiduciary under the Digital Personal Data Protection Act, 2023). We use it only for the purposes below.`,
    },
    collected: {
      title: 'What we collect and why',
      items: [
        {
          what: 'Your account: name, email, mobile and password (kept only as a one-way hash).',
          why: 'To sign you in, mail your confirmations and links, and let the stay you book reach you.',
        },
        {
          what: 'Your billing address, PIN code and state, and a GSTIN and company name if you give them.',
          why: 'They are printed on your tax invoices, as the GST rules require.',
        },
        {
          what: 'Your bookings: stay, dates, guests, rooms, amounts, payments and refunds (the payment gateway’s ids, never your card or bank details), and the tax documents issued for them.',
          why: 'To hold rooms, take payment, refund, invoice you and pay the stay.',
        },
        {
          what: 'The network address a payment hold came from.',
          why: 'So that no one address can hold too many rooms at once.',
        },
        {
          what: 'Your complaints and every answer, your reviews and the stay’s replies, your saved stays and a deal subscription of your email.',
          why: 'To resolve complaints, show reviews, keep your wishlist and send the deals you asked for.',
        },
        {
          what: 'If you are not an Indian national, what the stay reports of you on Form C at check-in: passport and visa details, your arrival in India, where you came from and go next, and the purpose of your visit (sealed, shown to the stay only masked).',
          why: 'Every stay must report a foreign guest to the Bureau of Immigration within 24 hours of arrival (Immigration and Foreigners Act, 2025, section 8).',
        },
        {
          what: 'Your sign-ins (when and where you are signed in) and the reset and confirmation links mailed to you.',
          why: 'To keep your account safe and let you sign out everywhere.',
        },
      ],
      stay: 'The stay you book sees your name, mobile, email and booking, to host you.',
    },
    kept: {
      title: 'How long we keep it',
      items: [
        'Your account: until you delete it.',
        'Bookings, payments, refunds and tax invoices: as the CGST Act, 2017 (section 36) requires, until 72 months after the annual return of their financial year is due (31 December after the year ends). A booking of April 2026 to March 2027 is kept until 31 December 2033. Issued tax invoices are kept as they were issued.',
        'If you delete your account, your name, email and mobile are removed from it at once; the billing details on your bookings are removed once their records are past that period.',
        `The network address of a payment hold: ${days(RETENTION.holdAddressDays)} after the booking is made.`,
        `Complaints: their words are removed ${RETENTION.closedComplaintYears} years after the complaint is closed (a consumer may take a complaint to a Consumer Commission within two years); the ticket number and dates stay.`,
        `Ended sign-ins and used or expired links: ${days(RETENTION.signInRecordsDays)} after they end. Mails we send: ${days(RETENTION.sentMailsDays)} after sending.`,
        `Form C details of a foreign guest: ${RETENTION.foreignGuestReportYears} year after your departure, as the Immigration and Foreigners Rules, 2025 require; the report's dates and reference stay.`,
        'Saved stays and your deal subscription: until you remove them or delete your account.',
      ],
    },
    rights: {
      title: 'Your rights',
      copy: 'Get a copy of everything we hold about you:',
      copyAction: 'My Profile → Download my data',
      correct: 'Correct your name, mobile, email or billing address:',
      correctAction: 'My Profile → Edit profile',
      erase: 'Delete your account (not while a stay is to come or a payment is running):',
      eraseAction: 'My Profile → Delete my account',
      complain: (officer: string) =>
        `Questions or complaints about your data: write to our grievance officer, ${officer}. If we do not resolve it, you may complain to the Data Protection Board of India.`,
    },
    loading: 'Loading',
  },
  subscribe: {
    heading: 'Save time, save money!',
    tagline: 'Subscribe and we will send the best deals to you — save money and stay comfortable wherever you travel in India.',
    /** Not just 'Email': the sign-in forms above the footer own that label. */
    label: 'Your e-mail address for deals',
    placeholder: 'Your email address',
    submit: 'Subscribe',
  },
} as const;
