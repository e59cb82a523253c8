/** What the text reminders' section says while its code or its settings load. */
export const TEXT_REMINDERS_LOADING = 'Loading your text reminders…';
