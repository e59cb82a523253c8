import { useEffect, useRef, type ReactNode } from 'react';

let initialPageShown = false;

/**
 * The page's main heading. After a client-side route change it takes focus, so keyboard and
 * screen-reader users start at the new page; on the first page load focus is left alone.
 */
export function PageHeading({
  children,
  visuallyHidden = false,
}: {
  children: ReactNode;
  visuallyHidden?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (initialPageShown) ref.current?.focus();
    initialPageShown = true;
  }, []);
  return (
    <h1 className={visuallyHidden ? 'visually-hidden' : 'page-title'} tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
