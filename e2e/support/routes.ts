// Every route of the site comes from the route table; one path that is none of them (the 404 page).
export { prerenderedPaths as ROUTES, unknownPath as UNKNOWN_PATH } from '../../src/config/routes';
