import { EnvelopeIcon, MapPinIcon, PhoneIcon } from '@heroicons/react/24/solid';
import Container from 'react-bootstrap/Container';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { paths } from '../../config/routes';
import { registrationLine } from '../../../shared/practice';
import { practice } from '../../content/practice';

export function SiteFooter() {
  const { address } = practice;
  return (
    <footer className="site-footer">
      <Container>
        <div className="footer-columns">
          <div>
            <h2>About Me</h2>
            <p className="mb-1 fw-bold">{practice.practitioner}</p>
            <p className="mb-1">{practice.title}</p>
            <p className="mb-1">{registrationLine}</p>
            {practice.degrees.map((degree) => (
              <p key={degree} className="mb-1">
                {degree}
              </p>
            ))}
            <p className="mt-3">{practice.footerAbout}</p>
          </div>
          <div>
            <h2>Contact</h2>
            <address className="mb-0">
              <p className="mb-2">
                <MapPinIcon className="footer-icon" aria-hidden="true" />
                {address.street}, {address.locality} {address.postalCode}
              </p>
              <p className="mb-2">
                <EnvelopeIcon className="footer-icon" aria-hidden="true" />
                <a href={`mailto:${practice.email}`}>{practice.email}</a>
              </p>
              <p className="mb-2">
                <PhoneIcon className="footer-icon" aria-hidden="true" />
                <a href={`tel:${practice.phone.international}`}>{practice.phone.display}</a>
              </p>
            </address>
          </div>
          <div>
            <h2 id="opening-hours">Opening hours</h2>
            <Table size="sm" aria-labelledby="opening-hours">
              <tbody>
                {practice.openingHours.map((hours) => (
                  <tr key={hours.label}>
                    <th scope="row">{hours.label}</th>
                    <td>{hours.display}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </div>
        <p className="crisis-note" role="note">
          {practice.crisisNote}
        </p>
        <p className="copyright">
          Copyright © {practice.copyrightYear} {practice.name}. All rights reserved.{' '}
          <Link to={paths.privacy}>Privacy notice</Link>
        </p>
      </Container>
    </footer>
  );
}
