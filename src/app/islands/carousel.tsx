import { BannerSlides } from '../../features/home/banner-carousel';

/** The home page's slideshow, inside its prerendered section. */
export default function carouselIsland(section: HTMLElement) {
  return <BannerSlides section={{ current: section }} />;
}
