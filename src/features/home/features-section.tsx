import {
  AcademicCapIcon,
  CheckCircleIcon,
  LockClosedIcon,
  UserIcon,
} from '@heroicons/react/24/outline';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { FREE_CALL } from '../../../shared/service';
import { checkoutPath } from '../../config/routes';
import { features, type Feature } from '../../content/home';

const ICONS: Record<Feature['icon'], typeof UserIcon> = {
  user: UserIcon,
  lock: LockClosedIcon,
  academic: AcademicCapIcon,
};

/** Left: why the practice; right: the free assessment call, its offers, and booking it. */
export function FeaturesSection({ servicesAnchor }: { servicesAnchor: string }) {
  const { assessment } = features;
  return (
    <Container as="section" aria-labelledby="features-heading" className="py-5">
      <h2 id="features-heading" className="visually-hidden">
        {features.heading}
      </h2>
      <div className="split">
        <div>
          <ul className="features-list">
            {features.items.map((item) => {
              const Icon = ICONS[item.icon];
              return (
                <li key={item.title}>
                  <Icon className="feature-icon" aria-hidden="true" />
                  <div>
                    <h3>{item.title}</h3>
                    <p className="mb-0">{item.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <div className="assessment-panel">
            <h3>{assessment.heading}</h3>
            <p>{assessment.intro}</p>
            <ul>
              {assessment.offers.map((offer) => (
                <li key={offer}>
                  <CheckCircleIcon aria-hidden="true" />
                  {offer}
                </li>
              ))}
            </ul>
            <div className="d-flex flex-wrap align-items-center gap-3">
              <Link className="btn btn-success" to={checkoutPath(FREE_CALL.id)}>
                {assessment.cta}
              </Link>
              <a href={servicesAnchor}>{assessment.servicesLink}</a>
            </div>
          </div>
        </div>
      </div>
    </Container>
  );
}
