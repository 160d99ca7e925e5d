/** Server messages of the admin users feature (the spec does not spell these). */
export const ADMIN_USER_MSG = {
  notFound: 'User not found',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  archived: 'User removed. Their past bookings are kept for the records',
  emailTaken: 'An account with this email already exists',
  ownAdminFlag: 'You can not remove your own admin rights',
  deleteSelf: 'You can not delete your own account',
  lastAdmin: 'This is the last admin. Make another user an admin first',
  ownPlatformFlag: 'You can not remove your own platform rights',
  lastPlatform: 'This is the last platform admin. Make another admin a platform admin first',
  hasUpcomingBookings: (n: number) =>
    `This user has ${n} upcoming or in-progress booking${n === 1 ? '' : 's'} and can not be deleted until ${n === 1 ? 'it is' : 'they are'} over or cancelled`,
} as const;
