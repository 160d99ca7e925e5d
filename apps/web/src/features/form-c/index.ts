// What the app shell takes from Form C: the booking's section, the dashboard's reminder, the list and the printed form.
export { FormCDialog } from './components/form-c-form';
export { FormCSection } from './components/form-c-section';
export { FormCReminder } from './components/form-c-reminder';
export { FormCList } from './components/form-c-list';
export { FormCPrint } from './components/form-c-print';
export { FORM_C_COPY } from './copy';
