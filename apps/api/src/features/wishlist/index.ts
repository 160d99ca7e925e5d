// The wishlist feature's public entry: its plugin (app.ts).
export { wishlistPlugin } from './plugin.ts';
