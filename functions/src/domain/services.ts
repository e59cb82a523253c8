import serviceList from '../../../public/service.json';
import { parseServices, type Service } from '../../../shared/service';

/** The bookable services, read from public/service.json when the function is built. */
export function loadServices(data: unknown = serviceList): Service[] {
  const { services, rejected } = parseServices(data);
  if (rejected.length > 0)
    throw new Error(`public/service.json has invalid entries: ${rejected.join('; ')}`);
  return services;
}
