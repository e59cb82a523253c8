import type { RouteTable } from '../platform/http/router';
import { acceptInvitation, declineInvitation, listInvitations } from './endpoints';

export const participantRoutes: RouteTable = {
  '/invitations': { GET: listInvitations },
  '/invitations/:id/accept': { POST: acceptInvitation },
  '/invitations/:id/decline': { POST: declineInvitation },
};
