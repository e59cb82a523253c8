export type { AccountDeleted } from './events';
export { accountRoutes } from './routes';
