import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
import { notFound } from '../../content/practice';

export default function NotFoundRoute() {
  return (
    <Container className="text-center pb-5">
      <PageHeading>{notFound.heading}</PageHeading>
      <p>{notFound.text}</p>
      <Link to={paths.home}>{notFound.homeLink}</Link>
    </Container>
  );
}
