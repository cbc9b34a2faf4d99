// The Leaflet map: one canvas tile layer per layer of /map/api/config (drawn in a fixed order, polygons under lines
// under points), the layer switches and filters, and the keyboard: arrows pan and +/- zoom (Leaflet), Enter asks
// what is recorded at the centre.
{
  const { TileLayer } = machimi.tiles;
  const { createLegend } = machimi.legend;
  const { t, onLanguageChange } = machimi.i18n;
  const { problem } = machimi.status;

  const L = globalThis.L;
  const order = ['areas', 'streets', 'scenes', 'changes', 'amenities', 'schools'];
  const shownAtStart = new Set(['areas', 'streets', 'scenes']);

  const option = (value, label, count) => {
    const el = document.createElement('option');
    el.value = String(value);
    el.textContent = count === undefined ? label : `${label} (${count})`;
    return el;
  };

  const fillSelect = (select, values, label) => {
    const [first] = select.options;
    const kept = select.value;
    select.replaceChildren(first, ...values.map(({ value, count }) => option(value, label(value), count)));
    select.value = kept;
  };

  const labelFilters = (config) => {
    fillSelect(document.getElementById('year-filter'), config.capture_years, String);
    fillSelect(document.getElementById('change-category'), config.change_categories, String);
    fillSelect(document.getElementById('change-status'), config.change_statuses, (v) => t(`status_${v}`));
    fillSelect(document.getElementById('amenity-kind'), config.amenity_kinds, (v) => t(`kind_${v}`));
  };

  /** The filters each layer takes, read from the form controls. */
  const filtersFor = (info) => {
    const value = (id) => document.getElementById(id).value || undefined;
    const all = { year: value('year-filter'), category: value('change-category') };
    all.status = value('change-status');
    all.kind = value('amenity-kind');
    return Object.fromEntries(info.filters.map((name) => [name, all[name]]));
  };

  const createMap = (config, { onPick }) => {
    const map = L.map('map', { zoomControl: true, attributionControl: false, keyboard: true, maxZoom: 20 });
    const [south, west, north, east] = config.extent ?? [34.56, 134.9, 34.67, 135.1];
    map.fitBounds([
      [south, west],
      [north, east],
    ]);
    const layers = new Map();
    for (const id of order) {
      const info = config.layers.find((layer) => layer.id === id);
      if (!info) continue;
      const layer = new TileLayer({
        layer: id,
        className: `layer-${id}`,
        filters: filtersFor(info),
        minZoom: info.min_zoom,
        maxNativeZoom: info.max_zoom,
        maxZoom: 20,
        zIndex: order.indexOf(id) + 1,
        onProblem: problem,
      });
      layers.set(id, { layer, info });
      if (shownAtStart.has(id)) layer.addTo(map);
    }
    const legend = createLegend(map, order, (id) => map.hasLayer(layers.get(id)?.layer));
    for (const box of document.querySelectorAll('input[name="layer"]')) {
      box.checked = shownAtStart.has(box.value);
      box.addEventListener('change', () => {
        const entry = layers.get(box.value);
        if (entry && box.checked) entry.layer.addTo(map);
        else if (entry) entry.layer.remove();
        legend.render();
      });
    }
    labelFilters(config);
    onLanguageChange(() => labelFilters(config));
    for (const id of ['year-filter', 'change-category', 'change-status', 'amenity-kind']) {
      document.getElementById(id).addEventListener('change', () => {
        for (const { layer, info } of layers.values()) layer.setFilters(filtersFor(info));
      });
    }
    map.on('click', (event) => onPick(event.latlng));
    map.getContainer().addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.target === map.getContainer()) onPick(map.getCenter());
    });
    return map;
  };

  machimi.map = { createMap };
}
