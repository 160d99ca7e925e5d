import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordScreen() {
  return <ForgotPasswordForm area="guest" />;
}
