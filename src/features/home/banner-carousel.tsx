import { PauseIcon, PlayIcon } from '@heroicons/react/24/solid';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Carousel from 'react-bootstrap/Carousel';
import { ResponsiveImage } from '../../components/media/responsive-image';
import { slides } from '../../content/home';

/** The spec's interval; the swipe threshold (40 px), hover pause and wrap are the component's defaults. */
const INTERVAL_MS = 5000;
const BANNER_WIDTHS = [480, 800, 1200, 1600] as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** True while keyboard focus is anywhere inside the element. */
function useFocusWithin(ref: RefObject<HTMLElement | null>): boolean {
  const [inside, setInside] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onFocusIn = () => setInside(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setInside(false);
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [ref]);
  return inside;
}

export function BannerCarousel() {
  const section = useRef<HTMLElement>(null);
  return (
    // The carousel container (WAI-ARIA APG): a named region holding the rotation control and
    // slides. On the home page it is an island of its own (src/islands.tsx).
    <section
      ref={section}
      className="banner position-relative"
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-island="carousel"
    >
      <BannerSlides section={section} />
    </section>
  );
}

/** The carousel's rotation control, slides and live text: what its island hydrates. */
export function BannerSlides({ section }: { section: RefObject<HTMLElement | null> }) {
  const reducedMotion = usePrefersReducedMotion();
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const focusInside = useFocusWithin(section);
  const [index, setIndex] = useState(0);

  // A visitor who prefers reduced motion starts paused, and may still press play.
  const paused = pausedByVisitor ?? reducedMotion;
  const advancing = !paused && !focusInside;

  return (
    <>
      <Button
        size="sm"
        variant="dark"
        className="carousel-pause"
        aria-pressed={paused}
        onClick={() => setPausedByVisitor(!paused)}
      >
        {paused ? <PlayIcon aria-hidden="true" /> : <PauseIcon aria-hidden="true" />}
        {paused ? 'Play slideshow' : 'Pause slideshow'}
      </Button>
      <Carousel
        activeIndex={index}
        onSelect={setIndex}
        indicators={false}
        interval={advancing ? INTERVAL_MS : null}
        pause="hover"
        wrap
        keyboard
        touch
        prevLabel="Previous slide"
        nextLabel="Next slide"
      >
        {slides.map((slide, i) => (
          <Carousel.Item
            key={slide.image}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}: ${slide.title}`}
            aria-hidden={i === index ? undefined : true}
          >
            <ResponsiveImage
              name={slide.image}
              widths={BANNER_WIDTHS}
              width={1600}
              height={640}
              sizes="100vw"
              alt={slide.alt}
              priority={i === 0}
            />
            <Carousel.Caption>
              <h2>{slide.title}</h2>
              <p>{slide.text}</p>
            </Carousel.Caption>
          </Carousel.Item>
        ))}
      </Carousel>
      <p className="visually-hidden" aria-live={advancing ? 'off' : 'polite'}>
        Slide {index + 1} of {slides.length}: {slides[index]?.title}
      </p>
    </>
  );
}
