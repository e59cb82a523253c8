import { BlockRequestSchema } from '../../../shared/booking';
import { insertBlock } from '../data/blocks';
import { endpoint } from './endpoint';
import { problems } from './problems';
import { json } from './types';
import { blockView } from './views';

const MAX_BLOCK_DAYS = 366;

/** POST /api/practice/blocks: the practitioner takes time out of the offered slots. */
export const createBlock = endpoint({
  auth: 'practitioner',
  body: BlockRequestSchema,
  async run({ body, context }) {
    const start = new Date(body.start);
    const end = new Date(body.end);
    if (end <= start)
      throw problems.outsideRules('The end of the blocked time must be after its start.');
    if (end.getTime() - start.getTime() > MAX_BLOCK_DAYS * 86_400_000) {
      throw problems.outsideRules(`Block at most ${MAX_BLOCK_DAYS} days at once.`);
    }
    const block = await insertBlock(context.db, { start, end, reason: body.reason });
    return json(201, blockView(block));
  },
});
