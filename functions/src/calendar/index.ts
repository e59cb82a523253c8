export { calendarRoutes } from './routes';
export {
  cancelledSessionsCalendar,
  seriesCalendar,
  sessionCalendar,
  updatedSessionsCalendar,
} from './ics';
