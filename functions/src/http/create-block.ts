import { BlockRequestSchema } from '../../../shared/booking';
import { insertBlock } from '../data/blocks';
import { authenticate, requirePractitioner } from './caller';
import { parseBody } from './input';
import { problems } from './problems';
import { json, type Handler } from './types';
import { blockView } from './views';

const MAX_BLOCK_DAYS = 366;

/** POST /api/practice/blocks: the practitioner takes time out of the offered slots. */
export const createBlock: Handler = async (request, context) => {
  const caller = await authenticate(request, context);
  requirePractitioner(caller);
  const input = parseBody(BlockRequestSchema, request);
  const start = new Date(input.start);
  const end = new Date(input.end);
  if (end <= start)
    throw problems.outsideRules('The end of the blocked time must be after its start.');
  if (end.getTime() - start.getTime() > MAX_BLOCK_DAYS * 86_400_000) {
    throw problems.outsideRules(`Block at most ${MAX_BLOCK_DAYS} days at once.`);
  }
  const block = await insertBlock(context.db, { start, end, reason: input.reason });
  return json(201, blockView(block));
};
