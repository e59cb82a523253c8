export { passkeyRoutes } from './routes';
export { keepPracticeSessionAlive } from './practice-session';
export { deleteSignInRecords } from './store';
