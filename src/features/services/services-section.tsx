import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { monthlyPriceText } from '../../../shared/money';
import { cadenceOffer } from '../../../shared/series-text';
import { checkoutPath } from '../../config/routes';
import { sessionPlaces } from '../../content/services';
import { SiteLink } from '../../lib/navigation';
import type { Service } from './service-schema';
import { useServices } from './use-services';

function ServiceCard({ service }: { service: Service }) {
  return (
    <Card>
      <Card.Img
        variant="top"
        src={service.img}
        width={640}
        height={400}
        alt={`Illustration for ${service.name}`}
        loading="lazy"
        decoding="async"
      />
      <Card.Body>
        <Card.Title as="h3">{service.name}</Card.Title>
        <Card.Text>{service.description}</Card.Text>
        <Card.Text className="small text-body-secondary">{sessionPlaces[service.format]}</Card.Text>
        <Card.Text className="mb-1">Appointment: {service.session} per month.</Card.Text>
        {service.everyWeeks && (
          <Card.Text className="mb-1 cadence">{cadenceOffer(service.everyWeeks)}</Card.Text>
        )}
        <Card.Text className="price">Price: {monthlyPriceText(service)}</Card.Text>
        <SiteLink
          to={checkoutPath(service.id)}
          className="btn btn-success"
          aria-label={`Book Now: ${service.name}`}
        >
          Book Now
        </SiteLink>
      </Card.Body>
    </Card>
  );
}

export function ServicesSection({ id }: { id: string }) {
  return (
    // On the home page an island of its own (src/islands.tsx).
    <Container
      as="section"
      id={id}
      aria-labelledby={`${id}-heading`}
      className="py-4"
      data-island="services"
    >
      <ServicesList id={id} />
    </Container>
  );
}

/** The section's heading and list (loaded after the page): what its island hydrates. */
export function ServicesList({ id }: { id: string }) {
  const { state, retry } = useServices();
  return (
    <>
      <h2 id={`${id}-heading`} className="page-title">
        Services
      </h2>
      <noscript>
        <p className="text-center">
          Please turn on JavaScript to see the services and their prices.
        </p>
      </noscript>
      {state.status === 'loading' && (
        <div className="text-center py-4 services-loading" role="status">
          <Spinner animation="border" variant="success" aria-hidden="true" />
          <p className="mt-2">Loading services…</p>
        </div>
      )}
      {state.status === 'failed' && (
        <Alert variant="warning" className="text-center">
          <p>{state.message}</p>
          <Button variant="success" onClick={retry}>
            Retry
          </Button>
        </Alert>
      )}
      {state.status === 'ready' && (
        <ul className="services-grid">
          {state.services.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
