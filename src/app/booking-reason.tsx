import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useStyledAfterHydration } from '../components/use-hydrated';
import { paths } from '../config/routes';
import { rememberedTarget } from '../features/auth/safe-redirect';

/** The service named in a remembered /checkout address, if any: `?service=<id>`. */
export function bookingTarget(state: unknown): { serviceId?: number } | undefined {
  const target = rememberedTarget(state);
  if (!target) return undefined;
  const url = new URL(target, 'https://site.invalid');
  if (url.pathname !== paths.checkout) return undefined;
  const id = url.searchParams.get('service');
  return id && /^\d{1,7}$/.test(id) ? { serviceId: Number(id) } : {};
}

/**
 * The service's name needs the list of services and its loader: a chunk of its own, asked for only
 * when a visitor came from Book Now, so that the log-in and register pages hydrate without it. If
 * it cannot load, the reason is said without the name.
 */
const ServiceReason = lazy(() =>
  import('./service-reason').catch(() => ({ default: () => <Reason what="a session" /> })),
);

export function Reason({ what }: { what: string }) {
  return (
    <p role="status" className="alert alert-info text-center booking-reason">
      Log in or register to book {what}.
    </p>
  );
}

/**
 * Why a visitor sent here from Book Now must log in: "Log in or register to book <service>."
 * Only after hydration, as the prerendered page knows nothing of where the visitor was going.
 */
export function BookingReason() {
  const location = useLocation();
  const styled = useStyledAfterHydration();
  const target = styled ? bookingTarget(location.state) : undefined;
  if (!target) return null;
  return target.serviceId === undefined ? (
    <Reason what="a session" />
  ) : (
    <Suspense fallback={null}>
      <ServiceReason serviceId={target.serviceId} />
    </Suspense>
  );
}
