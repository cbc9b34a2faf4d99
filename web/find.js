// Find a street, a town block or a school by name (/v1/streets|areas|schools/search) and fly there: one match flies
// at once, several are listed in the panel to choose from.
{
  const { h } = machimi.dom;
  const { t } = machimi.i18n;
  const { getJson } = machimi.api;
  const { open, close, pending, load } = machimi.panel;
  const { notify } = machimi.status;

  const L = globalThis.L;
  let map = null;
  let highlight = null;

  const paths = { street: '/v1/streets/search', area: '/v1/areas/search', school: '/v1/schools/search' };

  const label = (item) => (item.ward ? `${item.name}（${item.ward}）` : item.name);

  /** Moves the map to the match and outlines it; boxes are [min_lat, min_lon, max_lat, max_lon]. */
  const flyTo = (item) => {
    highlight?.remove();
    if (item.bbox) {
      const [south, west, north, east] = item.bbox;
      const bounds = L.latLngBounds([south, west], [north, east]);
      highlight = L.rectangle(bounds, { className: 'found', fill: false, weight: 3, interactive: false }).addTo(map);
      map.flyToBounds(bounds, { padding: [30, 30], maxZoom: 17, duration: 0.6 });
    } else {
      highlight = L.circleMarker([item.lat, item.lon], { className: 'found', radius: 14, interactive: false });
      highlight.addTo(map);
      map.flyTo([item.lat, item.lon], 17, { duration: 0.6 });
    }
    notify(t('flown_to', { name: label(item) }));
  };

  const choices = (answer) => {
    if (!answer.results.length) return h('p', { class: 'not-recorded' }, answer.note || t('not_recorded'));
    return h(
      'ul',
      { class: 'found-list' },
      answer.results.map((item) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              class: 'link',
              onclick: () => {
                close();
                flyTo(item);
              },
            },
            label(item),
          ),
        ),
      ),
    );
  };

  const find = (kind, q) => {
    const state = {};
    const view = {
      title: () => t('found_title', { q }),
      body: () => pending(state.found) ?? choices(state.found.data),
    };
    const asked = getJson(paths[kind], { q });
    asked.then(
      (answer) => {
        if (answer.results.length === 1) flyTo(answer.results[0]);
        else open(view);
      },
      () => open(view),
    );
    load(view, state, 'found', asked);
  };

  const init = (nextMap) => {
    map = nextMap;
    const form = document.getElementById('find-form');
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const q = String(data.get('q') ?? '').trim();
      if (q) find(String(data.get('kind')), q);
      else document.getElementById('find-q').focus();
    });
  };

  machimi.find = { init, flyTo };
}
