import type { RouteTable } from '../platform/http/router';
import {
  deleteTextReminders,
  getTextReminders,
  inboundText,
  putTextReminders,
  textStatusCallback,
} from './endpoints';

export const textRoutes: RouteTable = {
  '/account/sms': { GET: getTextReminders, PUT: putTextReminders, DELETE: deleteTextReminders },
  '/sms/status': { POST: textStatusCallback },
  '/sms/inbound': { POST: inboundText },
};
