// What the demo (`npm start`) and the project's own checks of the built app (`npm run budget`) name where
// production requires the platform's real details: a demo grievance officer and customer care (Consumer Protection
// (E-Commerce) Rules 2020, rule 4). Given in the environment, the real ones win.
export const DEMO_ENV = {
  GRIEVANCE_OFFICER_NAME: 'Asha Menon (demo)',
  GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer and Head of Customer Care (demo)',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@staybook.in',
  GRIEVANCE_OFFICER_PHONE: '+91 80 4000 0000',
  PLATFORM_CUSTOMER_CARE_PHONE: '+91 80 4000 1111',
  PLATFORM_CUSTOMER_CARE_EMAIL: 'care@staybook.in',
};
