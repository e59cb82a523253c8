import { practiceFacts } from '../../shared/practice';
import type { Service } from '../../shared/service';

/** Where a service's sessions happen, as its card and the checkout say it (service.json `format`). */
export const sessionPlaces: Record<Service['format'], string> = {
  'in-person': `In person in ${practiceFacts.address.locality}`,
  video: 'By video',
  'in-person-or-video': `In person in ${practiceFacts.address.locality} or by video`,
  'phone-or-video': 'By phone or video',
};
