import type { RouteTable } from '../platform/http/router';
import { listMessages, retryMessage } from './endpoints';

export const messageRoutes: RouteTable = {
  '/practice/messages': { GET: listMessages },
  '/practice/messages/:id/retry': { POST: retryMessage },
};
