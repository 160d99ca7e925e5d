import { useParams } from 'react-router';
import { ConfirmEmail } from '@/features/auth/components/confirm-email';

export default function ConfirmEmailScreen() {
  const { id = '', token = '' } = useParams();
  return <ConfirmEmail userId={id} token={token} />;
}
