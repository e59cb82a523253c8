export { type BlockRecord, blockView, blocksOverlapping, insertBlock, removeBlock } from './blocks';
export { hoursRoutes } from './routes';
export { readWorkingHours } from './queries';
export {
  type HoursQuery,
  clashesWithHerCalendar,
  startsWithinHours,
  withinHerHours,
} from './working-hours';
export { isBankHoliday } from './bank-holidays';
export type { BlockRemoved } from './events';
