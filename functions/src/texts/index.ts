export { textRoutes } from './routes';
export { queueTextReminders } from './queries';
export { sendTextReminder, type TextReminderClaim } from './send';
export { textReminderStart } from './keys';
