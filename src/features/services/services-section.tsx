import { monthlyPriceText } from '../../../shared/money';
import { cadenceOffer } from '../../../shared/series-text';
import { checkoutPath } from '../../config/routes';
import { sessionPlaces } from '../../content/services';
import { SiteLink } from '../../lib/navigation';
import type { Service } from './service-schema';
import { useServices } from './use-services';

// Bootstrap's card, alert and spinner as plain markup: the home page hydrates this list as an
// island, and react-bootstrap's components would bring 11 kB of shared code for class names alone.
function ServiceCard({ service }: { service: Service }) {
  return (
    <div className="card">
      <img
        className="card-img-top"
        src={service.img}
        width={640}
        height={400}
        alt={`Illustration for ${service.name}`}
        loading="lazy"
        decoding="async"
      />
      <div className="card-body">
        <h3 className="card-title">{service.name}</h3>
        <p className="card-text">{service.description}</p>
        <p className="card-text small text-body-secondary">{sessionPlaces[service.format]}</p>
        <p className="card-text mb-1">Appointment: {service.session} per month.</p>
        {service.everyWeeks && (
          <p className="card-text mb-1 cadence">{cadenceOffer(service.everyWeeks)}</p>
        )}
        <p className="card-text price">Price: {monthlyPriceText(service)}</p>
        <SiteLink
          to={checkoutPath(service.id)}
          className="btn btn-success"
          aria-label={`Book Now: ${service.name}`}
        >
          Book Now
        </SiteLink>
      </div>
    </div>
  );
}

export function ServicesSection({ id }: { id: string }) {
  return (
    // On the home page an island of its own, hydrated once the page's others have (src/islands.tsx):
    // below the first screen, and its list arrives after the page anyway.
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="container py-4"
      data-island="services"
      data-island-later=""
    >
      <ServicesList id={id} />
    </section>
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
          <div className="spinner-border text-success" aria-hidden="true" />
          <p className="mt-2">Loading services…</p>
        </div>
      )}
      {state.status === 'failed' && (
        <div role="alert" className="alert alert-warning text-center">
          <p>{state.message}</p>
          <button type="button" className="btn btn-success" onClick={retry}>
            Retry
          </button>
        </div>
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
