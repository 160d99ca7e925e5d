import { RegisterForm } from '@/features/auth/components/register-form';

export default function AdminRegisterScreen() {
  return <RegisterForm area="admin" />;
}
