export { passkeyRoutes } from './routes';
