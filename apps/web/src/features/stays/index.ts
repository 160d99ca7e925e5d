// A stay's picture, as other features show it.
export { StayImage } from './components/stay-image';
// Who charges a stay's GST, where the guest pays.
export { StaySupplierNote } from './components/stay-supplier-note';
