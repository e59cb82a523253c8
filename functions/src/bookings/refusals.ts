import { RULE_SENTENCES } from '../../../shared/booking-rules';
import type { StartCheck } from './slots';
import { problems } from '../platform/http/problems';

type Refused = Extract<StartCheck, { ok: false }>['reason'];

/** Why a start time cannot be had, as the answer a person can act on (422, or 409 when taken). */
export function startRefusal(reason: Refused) {
  switch (reason) {
    case 'too-soon':
      return problems.outsideRules(RULE_SENTENCES.tooSoon);
    case 'too-far':
      return problems.outsideRules(RULE_SENTENCES.tooFar);
    case 'outside-hours':
      return problems.outsideRules(
        'That is not one of the offered start times. Choose a time from the list.',
      );
    case 'taken':
      return problems.slotTaken('Someone has just taken this time. Choose another time.');
  }
}
