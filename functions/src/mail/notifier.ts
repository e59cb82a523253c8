import type { Service } from '../../../shared/service';
import type { Notification } from '../domain/notifications';
import { sessionCalendar } from './calendar';
import { messageFor } from './templates';
import type { Mailer } from './transport';

export interface NotifierSettings {
  mailer: Mailer;
  practiceEmail: string;
  siteUrl: string;
  services: readonly Service[];
}

/** Turns notifications into emails; the confirmation carries session.ics. Never throws. */
export function createNotifier(settings: NotifierSettings) {
  return async (notifications: readonly Notification[]) => {
    for (const notification of notifications) {
      try {
        const serviceName =
          settings.services.find((service) => service.id === notification.booking.serviceId)
            ?.name ?? 'Session';
        const message = messageFor(notification, { ...settings, serviceName });
        const calendar =
          notification.kind === 'confirmed'
            ? sessionCalendar(notification.booking, serviceName, settings.practiceEmail)
            : undefined;
        await settings.mailer.send({ ...message, ...(calendar && { calendar }) });
      } catch (error) {
        console.error(
          'Notification not sent:',
          error instanceof Error ? error.message : 'unknown error',
        );
      }
    }
  };
}
