// A guest's review of a finished stay, as My Orders shows it.
export { OrderReview } from './components/order-review';
