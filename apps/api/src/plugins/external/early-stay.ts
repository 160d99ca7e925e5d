import { createHash } from 'node:crypto';
import { STORAGE_KEYS } from '@repo/shared/constants/domain';

/**
 * A stay page's first request, started by the page itself before the app's code has loaded: when the URL is a stay
 * page and a guest token is stored, `GET /api/stays/:id` is sent at once (as the app would send it) and left in
 * `window.__early` under its path, where the app's API client takes it instead of asking again. One fixed script
 * (it reads the stay from the address), allowed by its hash in the Content-Security-Policy.
 */
export const EARLY_STAY_SCRIPT = `(function(){try{var m=/^\\/hotels\\/([0-9a-fA-F-]{36})\\/?$/.exec(location.pathname),t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.guestToken)});if(m&&t){var p='/api/stays/'+m[1];(window.__early=window.__early||{})[p]=fetch(p,{headers:{accept:'application/json',authorization:'Bearer '+t}})}}catch(e){}})()`;

/** The script's hash as a CSP source. */
export const EARLY_STAY_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_STAY_SCRIPT).digest('base64')}'`;
