import { deleteBlock as deleteBlockRow } from '../data/blocks';
import { endpoint } from './endpoint';
import { pathId } from './input';
import { problems } from './problems';
import { noContent } from './types';

/** DELETE /api/practice/blocks/:id: the blocked time is offered again. */
export const deleteBlock = endpoint({
  auth: 'practitioner',
  async run({ params, context }) {
    const id = pathId(params.id, 'blocked time');
    if (!(await deleteBlockRow(context.db, id))) {
      throw problems.notFound(
        'There is no blocked time with that id. Reload the diary and try again.',
      );
    }
    return noContent();
  },
});
