import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { ResponsiveImage } from '../../components/media/responsive-image';
import { registrationLine } from '../../../shared/practice';
import { about } from '../../content/about';

export default function AboutRoute() {
  return (
    <Container className="pb-4">
      <PageHeading>{about.heading}</PageHeading>
      <div className="split-about">
        <div>
          <ResponsiveImage
            name="about-portrait"
            widths={[320, 480, 800]}
            width={800}
            height={1000}
            sizes="(min-width: 768px) 40vw, 100vw"
            alt={about.photoAlt}
            className="about-photo"
            priority
          />
        </div>
        <div>
          <Card>
            <Card.Body>
              <Card.Title as="h2">{about.name}</Card.Title>
              <Card.Subtitle className="mb-1">{about.role}</Card.Subtitle>
              <Card.Text className="small text-body-secondary mb-3">{registrationLine}</Card.Text>
              {about.bio.map((paragraph) => (
                <Card.Text key={paragraph.slice(0, 24)}>{paragraph}</Card.Text>
              ))}
            </Card.Body>
          </Card>
        </div>
      </div>
    </Container>
  );
}
