import type { RouteTable } from '../platform/http/router';
import { deleteBlock } from './delete-block';
import { getWorkingHours, putWorkingHours } from './endpoints';

export const hoursRoutes: RouteTable = {
  '/practice/blocks/:id': { DELETE: deleteBlock },
  '/practice/hours': { GET: getWorkingHours, PUT: putWorkingHours },
};
