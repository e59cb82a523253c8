import { ServicesList } from '../../features/services/services-section';
import { IslandRouter } from '../island-router';

/** The services and their Book Now links, inside their prerendered section. */
export default function servicesIsland(section: HTMLElement) {
  return (
    <IslandRouter>
      <ServicesList id={section.id} />
    </IslandRouter>
  );
}
