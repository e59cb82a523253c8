/**
 * The identity SDK (about 33 kB gz), loaded when something needs it: a form's submit, a check
 * after hydration, the session. Never a static import in a page's code: that would make every
 * page that can sign in wait for it before it hydrates.
 */
export const loadFirebase = () => import('./firebase');
