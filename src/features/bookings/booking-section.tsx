import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import type { Service } from '../../../shared/service';
import { BookingRequestForm } from './booking-request-form';
import { PaymentLoading } from './payment-loading';
import '../../components/bookings/bookings.css';

export type ServicesForBooking =
  | { status: 'loading' }
  | { status: 'ready'; services: Service[] }
  | { status: 'failed'; message: string };

function ServiceChoice({
  services,
  onChoose,
}: {
  services: readonly Service[];
  onChoose: (id: number) => void;
}) {
  return (
    <fieldset className="text-start mb-4">
      <legend className="h5">Choose a service</legend>
      <div className="service-choice">
        {services.map((service) => (
          <Button
            key={service.id}
            variant="outline-success"
            className="text-start"
            onClick={() => onChoose(service.id)}
          >
            <strong className="d-block">{service.name}</strong>
            <span className="small">{service.minutes}-minute sessions</span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** The checkout's booking section: service, free times week by week, a note, the request. */
export function BookingSection({ services }: { services: ServicesForBooking }) {
  const [params, setParams] = useSearchParams();
  const rawId = params.get('service');
  const id = rawId !== null && /^\d{1,9}$/.test(rawId) ? Number(rawId) : undefined;

  if (services.status === 'loading') return <PaymentLoading />;
  if (services.status === 'failed')
    return <div className="alert alert-danger">{services.message}</div>;

  const service = services.services.find((candidate) => candidate.id === id);
  const choose = (serviceId: number) =>
    setParams({ service: String(serviceId) }, { replace: true });

  if (!service) {
    return (
      <>
        {rawId !== null && (
          <p role="status">That service is not on our list. Please choose one of these.</p>
        )}
        <ServiceChoice services={services.services} onChoose={choose} />
      </>
    );
  }

  return (
    <>
      <p className="fs-5">
        You are booking: <strong>{service.name}</strong> ({service.minutes} minutes)
      </p>
      <p>
        <Button variant="link" className="p-0" onClick={() => setParams({}, { replace: true })}>
          Choose a different service
        </Button>
      </p>
      <BookingRequestForm key={service.id} service={service} />
    </>
  );
}
