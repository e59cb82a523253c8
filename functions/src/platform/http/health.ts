import { endpoint } from './endpoint';
import { json } from './types';

export const health = endpoint({ auth: 'anyone', run: async () => json(200, { ok: true }) });
