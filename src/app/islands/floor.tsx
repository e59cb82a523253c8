/**
 * React's own floor, for the hydration bench alone (scripts/bench/floor.ts): an island that
 * hydrates an empty element. No page of the site names it; the bench's copy of /blogs does, so
 * React arrives and runs there exactly as on a page of content, and nothing else does.
 */
export default function floorIsland() {
  return null;
}
