import type { StayType } from '@repo/shared/constants/domain';

/** Every screen's path (route pattern) and a getHref to build links. The one home of URLs in the web app. */
export const paths = {
  home: { path: '/', getHref: (search?: string) => (search ? `/?${search}` : '/') },
  /** With `redirectTo`: where a successful login goes (only a search's results are honoured). */
  login: {
    path: '/login',
    getHref: (redirectTo?: string) => (redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login'),
  },
  /** With `redirectTo`: the search a guest sent to log in was making; it goes on to the login page after sign-up. */
  register: {
    path: '/register',
    getHref: (redirectTo?: string) => (redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : '/register'),
  },
  forgotPassword: { path: '/forgotpassword', getHref: () => '/forgotpassword' },
  verifyReset: {
    path: '/forgotpassword/:id/verify/:token',
    getHref: (id: string, token: string) => `/forgotpassword/${id}/verify/${token}`,
  },
  resetPassword: { path: '/resetPassword', getHref: () => '/resetPassword' },
  /** The mailed email-confirmation link (ADR 024). */
  confirmEmail: {
    path: '/confirm-email/:id/:token',
    getHref: (id: string, token: string) => `/confirm-email/${id}/${token}`,
  },
  orders: { path: '/orders/:id', getHref: (userId: string) => `/orders/${userId}` },
  myProfile: { path: '/myProfile', getHref: () => '/myProfile' },
  saved: { path: '/saved', getHref: () => '/saved' },
  /** The privacy notice: what is kept about a person, why, for how long, and how to have it back or gone. */
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  /** The signed-in guest's complaints (grievances) and their answers. */
  complaints: { path: '/complaints', getHref: () => '/complaints' },
  stay: { path: '/hotels/:id', getHref: (id: string, search?: string) => (search ? `/hotels/${id}?${search}` : `/hotels/${id}`) },
  admin: {
    login: { path: '/admin', getHref: () => '/admin' },
    register: { path: '/admin/register', getHref: () => '/admin/register' },
    forgotPassword: { path: '/admin/forgotpassword', getHref: () => '/admin/forgotpassword' },
    verifyReset: {
      path: '/admin/forgotpassword/:id/verify/:token',
      getHref: (id: string, token: string) => `/admin/forgotpassword/${id}/verify/${token}`,
    },
    resetPassword: { path: '/admin/resetPassword', getHref: () => '/admin/resetPassword' },
    myProfile: { path: '/admin/myProfile', getHref: () => '/admin/myProfile' },
    dashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
    /** The owner's staff (ADR 066), and the page a staff invitation's mailed link opens. */
    staff: { path: '/admin/staff', getHref: () => '/admin/staff' },
    staffInvite: {
      path: '/admin/staff-invite/:id/:token',
      getHref: (id: string, token: string) => `/admin/staff-invite/${id}/${token}`,
    },
    users: { path: '/admin/allusers', getHref: () => '/admin/allusers' },
    editUser: { path: '/admin/edituser/:id', getHref: (id: string) => `/admin/edituser/${id}` },
    addStay: { path: '/admin/addStay', getHref: () => '/admin/addStay' },
    editStay: { path: '/admin/editStay/:id', getHref: (id: string) => `/admin/editStay/${id}` },
    rooms: { path: '/admin/rooms/:id', getHref: (stayId: string) => `/admin/rooms/${stayId}` },
    addRoom: { path: '/admin/addRoom/:id', getHref: (stayId: string) => `/admin/addRoom/${stayId}` },
    /** The bookings of the admin's stays; `search` keeps the filters and page. */
    reservations: {
      path: '/admin/reservations',
      getHref: (search?: string) => (search ? `/admin/reservations?${search}` : '/admin/reservations'),
    },
    reservation: { path: '/admin/reservations/:id', getHref: (id: string) => `/admin/reservations/${id}` },
    /** Complaints about the admin's stays (every one for the platform), and one ticket. */
    complaints: { path: '/admin/complaints', getHref: () => '/admin/complaints' },
    complaint: { path: '/admin/complaints/:id', getHref: (id: string) => `/admin/complaints/${id}` },
    /** The tax documents of the admin's stays; `search` keeps the month, filters and page. */
    documents: {
      path: '/admin/documents',
      getHref: (search?: string) => (search ? `/admin/documents?${search}` : '/admin/documents'),
    },
    /** The owner's settlements, payouts, payout details and reports; one settlement's statement. */
    payouts: { path: '/admin/payouts', getHref: () => '/admin/payouts' },
    settlement: {
      path: '/admin/payouts/:id',
      getHref: (id: string, platform = false) => `/admin/payouts/${id}${platform ? '?platform=1' : ''}`,
    },
    /** The platform's month: GSTR-8, s.9(5), fees, payouts, the fee per stay (ADR 032). */
    platformMonth: { path: '/admin/platform-month', getHref: () => '/admin/platform-month' },
    /** Captured payments refunded because they did not match their booking's order (ADR 024). */
    paymentMismatches: { path: '/admin/payment-mismatches', getHref: () => '/admin/payment-mismatches' },
    /** The Form Cs of foreign guests at the admin's stays, and one laid out to print. */
    formC: { path: '/admin/formC', getHref: () => '/admin/formC' },
    formCPrint: { path: '/admin/formC/:id/print', getHref: (id: string) => `/admin/formC/${id}/print` },
    calendar: { path: '/admin/calendar/:id', getHref: (stayId: string) => `/admin/calendar/${stayId}` },
    /** A stay's front desk (today's arrivals, guests in house, departures) and its rooms' housekeeping (ADR 064). */
    desk: { path: '/admin/desk/:id', getHref: (stayId: string) => `/admin/desk/${stayId}` },
    housekeeping: { path: '/admin/housekeeping/:id', getHref: (stayId: string) => `/admin/housekeeping/${stayId}` },
    roomPrices: { path: '/admin/roomPrices/:id', getHref: (roomTypeId: string) => `/admin/roomPrices/${roomTypeId}` },
    /** /admin/hotel, /admin/villa, ... */
    typeList: { getHref: (type: StayType) => `/admin/${type.toLowerCase()}` },
  },
} as const;
