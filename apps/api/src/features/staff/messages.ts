/** What the staff feature's answers say, word for word. */
export const STAFF_API_MSG = {
  invited: 'Invitation sent',
  updated: 'Staff member updated',
  removed: 'Staff member removed: their sessions have ended',
  accepted: 'Invitation accepted: sign in to the admin area with this email and password',
  notYourStays: 'Stay not found',
  ownEmail: 'You can not invite yourself',
  alreadyInvited: 'This address is invited already',
  ownerAccount: "This address is a stay owner's account: it can not be staff",
  staffElsewhere: 'This account is staff of another owner already',
  memberNotFound: 'Staff member not found',
  bookingNotFound: 'Reservation not found',
  inviteInvalid: 'This invitation link is not valid, used or expired: ask the owner for a new one',
  wrongPassword: 'The password is not right for this account',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  mobileRequired: 'Mobile is required',
} as const;

/** What a staff member's write is recorded as, by route ('METHOD /api/admin/…'). */
export const ACTION_WORDS = {
  cancelBooking: 'Cancelled the booking',
  blockRooms: 'Took rooms out of sale',
  unblock: 'Gave blocked nights back to sale',
  editStay: 'Changed the stay',
  addRoomType: 'Added a room type',
  editRoomType: 'Changed a room type',
  deleteRoomNumber: 'Removed a room number',
  addSeason: 'Added a season price',
  editSeason: 'Changed a season price',
  deleteSeason: 'Deleted a season price',
  rotateCalendar: 'Gave a calendar a new address',
  addFeed: "Imported another site's calendar",
  syncFeed: 'Read an imported calendar',
  removeFeed: 'Stopped importing a calendar',
  replyReview: 'Replied to a review',
  answerGrievance: 'Answered a complaint',
  closeGrievance: 'Closed a complaint',
} as const;
export type ActionWord = keyof typeof ACTION_WORDS;
