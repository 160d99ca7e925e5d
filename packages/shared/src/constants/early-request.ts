import { STORAGE_KEYS } from './domain.ts';

/** Where the page's inline script leaves its request for the app (a property of `window`). */
export const EARLY_REQUEST_GLOBAL = '__staybookEarlyRequest';

/** What the inline script leaves: the path it asked for, with the token it sent, and the pending answer. */
export type EarlyRequest = { url: string; token: string; response: Promise<Response> };

/**
 * The page's one inline script, run by the browser while it parses the HTML's head (the web build puts it there;
 * the API's Content-Security-Policy allows exactly this text, by its hash). On a stay page (/hotels/:id) of a
 * signed-in guest it asks for the stay at once, while the app's code is still loading, instead of after it; the
 * app's API client takes that answer for the very same request with the very same token, once
 * (apps/web/src/lib/api-client.ts). Anything unexpected (no storage, an old browser) leaves it to the app.
 */
export const EARLY_REQUEST_SCRIPT = [
  '(()=>{try{',
  'const m=/^\\/hotels\\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\/?$/i.exec(location.pathname),',
  `t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.guestToken)});`,
  'if(!m||!t)return;',
  'const u="/api/stays/"+m[1],',
  'r=fetch(u,{headers:{accept:"application/json",authorization:"Bearer "+t}});',
  'r.catch(()=>{});',
  `window.${EARLY_REQUEST_GLOBAL}={url:u,token:t,response:r}`,
  '}catch(e){}})()',
].join('');
