import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

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
