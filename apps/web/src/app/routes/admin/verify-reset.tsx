import { useParams } from 'react-router';
import { VerifyReset } from '@/features/auth/components/verify-reset';

export default function AdminVerifyResetScreen() {
  const { id = '', token = '' } = useParams();
  return <VerifyReset area="admin" userId={id} token={token} />;
}
