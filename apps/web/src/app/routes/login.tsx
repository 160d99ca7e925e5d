import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginScreen() {
  return <LoginForm area="guest" />;
}
