import type { RouteTable } from '../platform/http/router';
import { revokeMyReceiptLinks } from '../payments';
import { deleteMyAccount } from './deletion';
import { exportMyData } from './export';
import { exportClientRecord } from './practice-export';

export const accountRoutes: RouteTable = {
  '/account/deletion': { POST: deleteMyAccount },
  '/account/export': { GET: exportMyData },
  '/account/receipt-links/revocation': { POST: revokeMyReceiptLinks },
  '/practice/clients/:id/export': { GET: exportClientRecord },
};
