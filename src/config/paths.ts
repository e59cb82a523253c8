/** Every route of the site, used by the router, the gate and every link. */
export const paths = {
  root: '/',
  home: '/home',
  about: '/about',
  blogs: '/blogs',
  login: '/login',
  register: '/register',
  checkout: '/checkout',
} as const;

export function checkoutPath(serviceId?: number): string {
  return serviceId === undefined ? paths.checkout : `${paths.checkout}?service=${serviceId}`;
}
