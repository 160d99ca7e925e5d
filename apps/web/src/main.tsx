import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// The page's stylesheets come after the app shell so that it paints at once (vite.config.ts, stylesAfterShell). They
// move to the head now, in their order, so that the stylesheets the app adds later (to the head, with the screens'
// code) follow them as they would in any page; each copy takes over once loaded (from the cache).
for (const link of document.querySelectorAll<HTMLLinkElement>('body > link[rel="stylesheet"]')) {
  const copy = link.cloneNode();
  copy.addEventListener('load', () => link.remove(), { once: true });
  document.head.append(copy);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const reactRoot = createRoot(root);
// The first render as a transition: React yields to the browser between components instead of blocking the
// main thread for the whole tree (keeps a phone responsive while the app starts; Total Blocking Time).
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
