export { applyRetention } from './apply';
