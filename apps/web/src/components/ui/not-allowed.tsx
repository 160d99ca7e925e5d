import { common } from '@/copy/common';
import { StatusPage } from './status-page';

/** A page this account may not open (403): what it is and the way back, in the look of the not-found page. */
export function NotAllowed() {
  return <StatusPage copy={common.notAllowed} />;
}
