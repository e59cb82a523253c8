export { busyCalendarRoutes } from './routes';
export { refreshBusyCalendar } from './refresh';
