import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { blog } from '../../content/blog';

export default function BlogsRoute() {
  return (
    <Container className="pb-4 blog-column">
      <PageHeading>{blog.heading}</PageHeading>
      {blog.entries.map((entry) => (
        <article key={entry.id} className="blog-entry mb-5" aria-labelledby={entry.id}>
          <h2 id={entry.id}>{entry.question}</h2>
          {entry.answer.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
        </article>
      ))}
    </Container>
  );
}
