/** Labels and texts of My Profile and the footer's subscribe form. */
export const accountsCopy = {
  profile: {
    title: 'My Profile',
    subtitle: 'Your personal details',
    cardTitle: 'Personal details',
    name: 'Name',
    email: 'Email',
    mobile: 'Mobile',
    memberSince: 'Member since',
    edit: 'Edit profile',
    loadError: 'Your profile could not be loaded.',
  },
  editDialog: {
    title: 'Edit profile',
    hint: 'Change only what you need. Blank fields keep their current values.',
    firstName: 'First Name',
    lastName: 'Last Name',
    mobile: 'Mobile',
    email: 'Email',
    submit: 'Save changes',
    cancel: 'Cancel',
    close: 'Close',
    nothingChanged: 'Nothing to update: all fields were left blank',
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
