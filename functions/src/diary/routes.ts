import type { RouteTable } from '../platform/http/router';
import { practiceDiary } from './practice-diary';

export const diaryRoutes: RouteTable = {
  '/practice/bookings': { GET: practiceDiary },
};
