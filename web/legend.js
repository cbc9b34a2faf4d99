// The map's legend: for every layer that is on, its classes (street grades, change statuses, amenity kinds...) each
// with a swatch drawn by the layer's own painter and its name in words, so no colour has to be read alone. Folded
// at the start on a phone-sized screen, where it would cover much of the map.
{
  const { h, fill } = machimi.dom;
  const { t, onLanguageChange } = machimi.i18n;
  const { draw, legend } = machimi.styles;

  const swatchPx = 18;
  const wideScreen = '(min-width: 701px)';

  const swatch = (layer, feature) => {
    const ratio = globalThis.devicePixelRatio || 1;
    const canvas = h('canvas', {
      class: 'swatch',
      width: swatchPx * ratio,
      height: swatchPx * ratio,
      'aria-hidden': 'true',
    });
    const toPixel = ([x, y]) => [x * swatchPx * ratio, y * swatchPx * ratio];
    draw(layer, canvas.getContext('2d'), { features: [feature] }, toPixel, { ratio, zoom: 15 });
    return canvas;
  };

  /** A Leaflet control listing the classes of the layers `shown()` names, in the map's drawing order. */
  const createLegend = (map, order, shown) => {
    const list = h('ul', { id: 'legend-list' });
    const box = h(
      'details',
      { id: 'legend', class: 'legend', open: globalThis.matchMedia?.(wideScreen).matches },
      h('summary', { 'data-i18n': 'legend' }, t('legend')),
      list,
    );
    const render = () =>
      fill(
        list,
        order
          .filter((layer) => shown(layer))
          .flatMap((layer) =>
            legend[layer].map(({ word: [key, vars], feature }) =>
              h('li', { 'data-layer': layer }, swatch(layer, feature), h('span', {}, t(key, vars))),
            ),
          ),
      );
    const control = globalThis.L.control({ position: 'bottomleft' });
    control.onAdd = () => {
      // A click or a scroll on the legend is not a click or a zoom on the map.
      globalThis.L.DomEvent.disableClickPropagation(box);
      globalThis.L.DomEvent.disableScrollPropagation(box);
      return box;
    };
    control.addTo(map);
    render();
    onLanguageChange(render);
    return { render };
  };

  machimi.legend = { createLegend };
}
