import { StatusPage } from '@/components/ui/status-page';
import { common } from '@/copy/common';

export default function NotFoundScreen() {
  return <StatusPage copy={common.notFound} />;
}
