import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { privacy } from '../../content/privacy';

export default function PrivacyRoute() {
  return (
    <Container className="pb-4 privacy-notice">
      <PageHeading>{privacy.heading}</PageHeading>
      <p className="lead">{privacy.intro}</p>
      {privacy.sections.map((section) => (
        <section key={section.heading} aria-labelledby={headingId(section.heading)}>
          <h2 id={headingId(section.heading)} className="h4 mt-4">
            {section.heading}
          </h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </Container>
  );
}

const headingId = (heading: string) =>
  `privacy-${heading
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/-$/, '')}`;
