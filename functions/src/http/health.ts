import { json, type Handler } from './types';

export const health: Handler = async () => json(200, { ok: true });
