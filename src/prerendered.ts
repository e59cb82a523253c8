/**
 * True when the build prerendered this page into #root. The dev server leaves only the
 * `<!--app-->` marker there (a comment, not markup): that page is rendered, not hydrated.
 */
export function hasPrerenderedPage(root: Element): boolean {
  return root.firstElementChild !== null;
}
