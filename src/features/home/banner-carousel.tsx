import { PauseIcon, PlayIcon } from '@heroicons/react/24/solid';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { ResponsiveImage } from '../../components/media/responsive-image';
import { slides } from '../../content/home';

/** The spec's interval. */
const INTERVAL_MS = 5000;
/** A touch that moves further than this sideways is a swipe (Bootstrap's own threshold). */
const SWIPE_THRESHOLD_PX = 40;
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

type Direction = 'next' | 'prev';
/** A change of slide under way: prepared (the next slide placed beside), then sliding. */
interface Motion {
  from: number;
  to: number;
  direction: Direction;
  sliding: boolean;
}

/** Bootstrap's carousel classes for a slide, at rest or in a motion (Bootstrap's own CSS moves it). */
function slideClass(index: number, shown: number, motion: Motion | null): string {
  const classes = ['carousel-item'];
  const edge = motion?.direction === 'next' ? 'carousel-item-start' : 'carousel-item-end';
  if (motion && index === motion.to) {
    classes.push(`carousel-item-${motion.direction}`);
    if (motion.sliding) classes.push(edge);
  } else if (index === shown) {
    classes.push('active');
    if (motion?.sliding) classes.push(edge);
  }
  return classes.join(' ');
}

/**
 * The carousel's rotation control, slides and live text: what its island hydrates. Its own few
 * lines rather than react-bootstrap's Carousel, which would bring 11 kB of shared components to the
 * home page for this alone; Bootstrap's stylesheet still does the sliding.
 */
export function BannerSlides({ section }: { section: RefObject<HTMLElement | null> }) {
  const reducedMotion = usePrefersReducedMotion();
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const focusInside = useFocusWithin(section);
  const [shown, setShown] = useState(0);
  const [motion, setMotion] = useState<Motion | null>(null);
  const [pointerOver, setPointerOver] = useState(false);
  const [touching, setTouching] = useState(false);
  const items = useRef<(HTMLDivElement | null)[]>([]);
  const touchStartX = useRef(0);
  const touchDeltaX = useRef(0);
  const touchRelease = useRef<number | undefined>(undefined);

  // A visitor who prefers reduced motion starts paused, and may still press play.
  const paused = pausedByVisitor ?? reducedMotion;
  const advancing = !paused && !focusInside;
  const index = motion ? motion.to : shown;

  const go = useCallback(
    (direction: Direction) => {
      if (motion) return; // one change at a time, as the slide in motion must land first
      const step = direction === 'next' ? 1 : -1;
      const to = (shown + step + slides.length) % slides.length; // wraps both ways
      // The next slide is placed beside the shown one, and a reflow fixes that place before it
      // slides: two renders, the first on screen for the browser's style pass alone.
      flushSync(() => setMotion({ from: shown, to, direction, sliding: false }));
      void items.current[to]?.offsetWidth;
      setMotion({ from: shown, to, direction, sliding: true });
    },
    [motion, shown],
  );

  // Landed at the end of Bootstrap's transition (none when motion is reduced).
  useEffect(() => {
    if (!motion?.sliding) return;
    const incoming = items.current[motion.to];
    const land = () => {
      setShown(motion.to);
      setMotion(null);
    };
    const seconds = incoming ? parseFloat(getComputedStyle(incoming).transitionDuration) || 0 : 0;
    const onEnd = (event: TransitionEvent) => {
      if (event.target === incoming) land();
    };
    incoming?.addEventListener('transitionend', onEnd);
    const fallback = window.setTimeout(land, seconds * 1000 + 50);
    return () => {
      incoming?.removeEventListener('transitionend', onEnd);
      window.clearTimeout(fallback);
    };
  }, [motion]);

  // Advances while nobody is reading it: not paused, not hovered, touched or focused, tab visible.
  useEffect(() => {
    if (!advancing || pointerOver || touching || motion) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) go('next');
    }, INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [advancing, pointerOver, touching, motion, go]);

  useEffect(() => () => window.clearTimeout(touchRelease.current), []);

  return (
    <>
      <button
        type="button"
        className="carousel-pause btn btn-dark btn-sm"
        aria-pressed={paused}
        onClick={() => setPausedByVisitor(!paused)}
      >
        {paused ? <PlayIcon aria-hidden="true" /> : <PauseIcon aria-hidden="true" />}
        {paused ? 'Play slideshow' : 'Pause slideshow'}
      </button>
      {/* Arrow keys reach it from its buttons; the buttons are the keyboard's way in. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className="carousel slide"
        onKeyDown={(event) => {
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          event.preventDefault();
          go(event.key === 'ArrowLeft' ? 'prev' : 'next');
        }}
        onMouseEnter={() => setPointerOver(true)}
        onMouseLeave={() => setPointerOver(false)}
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? 0;
          touchDeltaX.current = 0;
          window.clearTimeout(touchRelease.current);
          setTouching(true);
        }}
        onTouchMove={(event) => {
          // A pinch is not a swipe.
          touchDeltaX.current =
            event.touches.length > 1 ? 0 : (event.touches[0]?.clientX ?? 0) - touchStartX.current;
        }}
        onTouchEnd={() => {
          const delta = touchDeltaX.current;
          if (Math.abs(delta) > SWIPE_THRESHOLD_PX) go(delta > 0 ? 'prev' : 'next');
          // It waits a whole interval after a touch before moving on by itself.
          touchRelease.current = window.setTimeout(() => setTouching(false), INTERVAL_MS);
        }}
      >
        <div className="carousel-inner">
          {slides.map((slide, i) => (
            <div
              key={slide.image}
              ref={(element) => {
                items.current[i] = element;
              }}
              className={slideClass(i, shown, motion)}
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
              <div className="carousel-caption">
                <h2>{slide.title}</h2>
                <p>{slide.text}</p>
              </div>
            </div>
          ))}
        </div>
        <button type="button" className="carousel-control-prev" onClick={() => go('prev')}>
          <span aria-hidden="true" className="carousel-control-prev-icon" />
          <span className="visually-hidden">Previous slide</span>
        </button>
        <button type="button" className="carousel-control-next" onClick={() => go('next')}>
          <span aria-hidden="true" className="carousel-control-next-icon" />
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
      <p className="visually-hidden" aria-live={advancing ? 'off' : 'polite'}>
        Slide {index + 1} of {slides.length}: {slides[index]?.title}
      </p>
    </>
  );
}
