import { deleteBlock as deleteBlockRow } from '../data/blocks';
import { authenticate, requirePractitioner } from './caller';
import { pathId } from './input';
import { problems } from './problems';
import { noContent, type Handler } from './types';

/** DELETE /api/practice/blocks/:id: the blocked time is offered again. */
export const deleteBlock: Handler = async (request, context, params) => {
  const caller = await authenticate(request, context);
  requirePractitioner(caller);
  const id = pathId(params.id, 'blocked time');
  if (!(await deleteBlockRow(context.db, id))) {
    throw problems.notFound(
      'There is no blocked time with that id. Reload the diary and try again.',
    );
  }
  return noContent();
};
