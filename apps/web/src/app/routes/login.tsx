import { useSearchParams } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { authCopy } from '@/features/auth/copy';
import { searchResultsHref } from '@/features/search/search-params';

/**
 * /login. Reached from a search made while logged out (?redirectTo=/?city=…), it says why and, once logged in, runs
 * that search; otherwise a successful login goes to /.
 */
export default function LoginScreen() {
  const [params] = useSearchParams();
  const search = searchResultsHref(params.get('redirectTo'));
  return <LoginForm area="guest" notice={search ? authCopy.login.searchNotice : undefined} afterLogin={search ?? undefined} />;
}
