import Button from 'react-bootstrap/Button';
import { isFree } from '../../../shared/money';
import { withFreeCall, type Service } from '../../../shared/service';
import { sessionPlaces } from '../../content/services';
import { useCheckoutChoice } from './checkout-params';
import { BookingRequestForm } from './booking-request-form';
import { serviceFees } from './fee-text';
import { PaymentLoading } from './payment-loading';
import '../../components/bookings/bookings.css';

export type ServicesForBooking =
  | { status: 'loading' }
  | { status: 'ready'; services: Service[] }
  | { status: 'failed'; message: string };

/** "free, by phone or video" or "60 minutes, in person in Bristol": what the visitor books. */
function serviceTerms(service: Service): string {
  const place = sessionPlaces[service.format];
  const where = place.charAt(0).toLowerCase() + place.slice(1);
  return isFree(service) ? `free, ${where}` : `${service.minutes} minutes, ${where}`;
}

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
            <span className="small">{serviceTerms(service)}</span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** The checkout's booking section: service, a day and a free time, a note, the request. */
export function BookingSection({ services }: { services: ServicesForBooking }) {
  const { choice, chooseService } = useCheckoutChoice();

  if (services.status === 'loading') return <PaymentLoading />;
  if (services.status === 'failed')
    return <div className="alert alert-danger">{services.message}</div>;

  // The free call is bookable as a service, though it has no card of its own.
  const bookable = withFreeCall(services.services);
  const service = bookable.find((candidate) => candidate.id === choice.serviceId);

  if (!service) {
    return (
      <>
        {choice.serviceId !== undefined && (
          <p role="status">That service is not on our list. Please choose one of these.</p>
        )}
        <ServiceChoice services={bookable} onChoose={chooseService} />
      </>
    );
  }

  return (
    <>
      <p className="fs-5 mb-1">
        You are booking: <strong>{service.name}</strong> — {serviceTerms(service)}
      </p>
      {!isFree(service) && (
        <p className="mb-1 fee-per-session">{serviceFees(service).feePerSession}</p>
      )}
      <p>
        <Button variant="link" className="p-0" onClick={() => chooseService(undefined)}>
          Choose a different service
        </Button>
      </p>
      <BookingRequestForm key={service.id} service={service} />
    </>
  );
}
