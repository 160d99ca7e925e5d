import { LoginForm } from '@/features/auth/components/login-form';

export default function AdminLoginScreen() {
  return <LoginForm area="admin" />;
}
