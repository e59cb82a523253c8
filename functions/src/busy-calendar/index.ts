export { busyCalendarRoutes } from './routes';
export { refreshBusyCalendar } from './refresh';
export { busyTimesWithin } from './queries';
