import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordScreen() {
  return <ResetPasswordForm area="guest" />;
}
