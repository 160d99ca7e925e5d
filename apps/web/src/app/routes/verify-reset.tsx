import { useParams } from 'react-router';
import { VerifyReset } from '@/features/auth/components/verify-reset';

export default function VerifyResetScreen() {
  const { id = '', token = '' } = useParams();
  return <VerifyReset area="guest" userId={id} token={token} />;
}
