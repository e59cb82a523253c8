import { islandElements, laterIslandElements } from './island-modules';

describe("a page of content's islands", () => {
  it('hydrate at once, but for one marked to hydrate later, which waits for the page to be ready', () => {
    document.body.innerHTML =
      '<div id="root" data-islands>' +
      '<header data-island="navbar"></header>' +
      '<section data-island="carousel"></section>' +
      '<section id="services" data-island="services" data-island-later=""></section>' +
      '</div>';
    expect(islandElements().map((element) => element.dataset.island)).toEqual([
      'navbar',
      'carousel',
    ]);
    expect(laterIslandElements().map((element) => element.id)).toEqual(['services']);
  });
});
