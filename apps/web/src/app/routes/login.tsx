import { useLocation, useSearchParams } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { authCopy } from '@/features/auth/copy';
import { signedUpEmailOf } from '@/features/auth/signed-up';
import { searchResultsHref } from '@/features/search/search-params';

/**
 * /login. Reached from a search made while logged out (?redirectTo=/?city=…), it says why and, once logged in, runs
 * that search; otherwise a successful login goes to /. Just after sign-up it says where the confirmation link went.
 */
export default function LoginScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const search = searchResultsHref(params.get('redirectTo'));
  return (
    <LoginForm
      area="guest"
      notice={search ? authCopy.login.searchNotice : undefined}
      afterLogin={search ?? undefined}
      signedUp={signedUpEmailOf(location.state)}
    />
  );
}
