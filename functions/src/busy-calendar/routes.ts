import type { RouteTable } from '../platform/http/router';
import { deleteBusyCalendar, getBusyCalendar, putBusyCalendar } from './endpoints';

export const busyCalendarRoutes: RouteTable = {
  '/practice/busy-calendar': {
    GET: getBusyCalendar,
    PUT: putBusyCalendar,
    DELETE: deleteBusyCalendar,
  },
};
