export { passkeyRoutes } from './routes';
export { backdatePracticeRequests, keepPracticeSessionAlive } from './practice-session';
export { deleteSignInRecords } from './store';
