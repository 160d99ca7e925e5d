// The offline sandbox gateway's checkout, one opt-in module: the app shell hands it to the bookings' checkout host
// for orders of the sandbox (app/layouts/guest-layout.tsx); no other feature names it.
export { SandboxCheckout, type SandboxCheckoutProps } from './components/sandbox-checkout';
