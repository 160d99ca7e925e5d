import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterScreen() {
  return <RegisterForm area="guest" />;
}
