import { ServicesList } from '../../features/services/services-section';

/** The services and their Book Now links (page loads), inside their prerendered section. */
export default function servicesIsland(section: HTMLElement) {
  return <ServicesList id={section.id} />;
}
