import type { RouteTable } from '../platform/http/router';
import {
  listGivenUp,
  markGivenUpDealtWith,
  tryGivenUpAgain,
  undoGivenUpDealtWith,
} from './given-up';
import { practiceDiary } from './practice-diary';

export const diaryRoutes: RouteTable = {
  '/practice/bookings': { GET: practiceDiary },
  '/practice/given-up': { GET: listGivenUp },
  '/practice/given-up/:kind/:id/try-again': { POST: tryGivenUpAgain },
  '/practice/given-up/:kind/:id/dealt-with': {
    POST: markGivenUpDealtWith,
    DELETE: undoGivenUpDealtWith,
  },
};
