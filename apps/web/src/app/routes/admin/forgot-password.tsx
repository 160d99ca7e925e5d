import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function AdminForgotPasswordScreen() {
  return <ForgotPasswordForm area="admin" />;
}
