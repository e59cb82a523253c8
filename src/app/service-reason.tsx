import { withFreeCall } from '../../shared/service';
import { useServices } from '../features/services/use-services';
import { Reason } from './booking-reason';

/** "Log in or register to book Couples Counselling.", once the list of services has loaded. */
export default function ServiceReason({ serviceId }: { serviceId: number }) {
  const { state } = useServices();
  const service =
    state.status === 'ready'
      ? withFreeCall(state.services).find((candidate) => candidate.id === serviceId)
      : undefined;
  if (state.status === 'loading') return null;
  return <Reason what={service?.name ?? 'a session'} />;
}
