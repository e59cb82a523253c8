export { calendarRoutes } from './routes';
export { cancelledSessionsCalendar, seriesCalendar, sessionCalendar } from './ics';
