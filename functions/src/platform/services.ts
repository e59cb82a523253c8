import serviceList from '../../../public/service.json';
import { parseServices, withFreeCall, type Service } from '../../../shared/service';

/** The bookable services: public/service.json (read when the function is built) and the free call. */
export function loadServices(data: unknown = serviceList): Service[] {
  const { services, rejected } = parseServices(data);
  if (rejected.length > 0)
    throw new Error(`public/service.json has invalid entries: ${rejected.join('; ')}`);
  return withFreeCall(services);
}
