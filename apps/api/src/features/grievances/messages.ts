/** Server messages of the grievances feature. */
export const GRIEVANCE_API_MSG = {
  bookingNotFound: 'This booking does not exist',
  notFound: 'This complaint does not exist',
  closed: 'This complaint is closed',
} as const;
