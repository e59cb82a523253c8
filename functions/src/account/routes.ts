import type { RouteTable } from '../platform/http/router';
import { deleteMyBookings } from './delete-my-bookings';
import { exportMyData, retireMyClinicalRecord } from './export';

export const accountRoutes: RouteTable = {
  '/account/bookings': { DELETE: deleteMyBookings },
  '/account/export': { GET: exportMyData },
  '/account/clinical': { DELETE: retireMyClinicalRecord },
};
