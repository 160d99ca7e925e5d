import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function AdminResetPasswordScreen() {
  return <ResetPasswordForm area="admin" />;
}
