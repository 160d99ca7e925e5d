import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { authCopy } from '@/features/auth/copy';
import { searchResultsHref } from '@/features/search/search-params';

/**
 * /register. Reached from the login page of a search made while logged out (?redirectTo=/?city=…), it says so and,
 * after sign-up, goes on to that login page (which runs the search once the guest has logged in); otherwise a
 * successful sign-up goes to /login.
 */
export default function RegisterScreen() {
  const [params] = useSearchParams();
  const search = searchResultsHref(params.get('redirectTo'));
  return (
    <RegisterForm
      area="guest"
      notice={search ? authCopy.register.searchNotice : undefined}
      loginHref={search ? paths.login.getHref(search) : undefined}
    />
  );
}
