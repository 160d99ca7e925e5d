// A stay's picture, as other features show it.
export { StayImage } from './components/stay-image';
