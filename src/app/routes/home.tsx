import { BannerCarousel } from '../../features/home/banner-carousel';
import { FeaturesSection } from '../../features/home/features-section';
import { ServicesSection } from '../../features/services/services-section';
import { PageHeading } from '../../components/layout/page-heading';
import { practice } from '../../content/practice';

const SERVICES_ID = 'services';

export default function HomeRoute() {
  return (
    <>
      <PageHeading visuallyHidden>{practice.name}</PageHeading>
      <BannerCarousel />
      <FeaturesSection servicesAnchor={`#${SERVICES_ID}`} />
      <ServicesSection id={SERVICES_ID} />
    </>
  );
}
