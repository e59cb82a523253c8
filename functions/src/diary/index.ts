export { diaryRoutes } from './routes';
