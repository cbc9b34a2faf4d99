// What is recorded around a clicked point: nearby scenes, the town block and its karte, the streets and their kartes,
// coverage by year and changes. An empty part shows the API's own `note` (its words for "not recorded").
{
  const { h, facts } = machimi.dom;
  const { t } = machimi.i18n;
  const { getJson } = machimi.api;
  const { open, section, load, pending } = machimi.panel;
  const { openScene } = machimi.scene;
  const { areaKarte, streetKarte } = machimi.karte;

  const notRecorded = (answer) => h('p', { class: 'not-recorded' }, answer.note || t('not_recorded'));

  const sceneList = (answer) => {
    if (!answer.results.length) return notRecorded(answer);
    return h(
      'ul',
      { class: 'scenes' },
      answer.results.map((scene) =>
        h(
          'li',
          {},
          h(
            'button',
            { type: 'button', class: 'link', onclick: () => openScene(scene.id) },
            `${scene.capture_year ?? t('year_unknown')} · ${scene.distance_m} m`,
          ),
          h('p', { class: 'summary' }, scene.summary ?? t('no_observation')),
        ),
      ),
    );
  };

  const areaPart = (answer) => {
    const area = answer.area;
    if (!area) return notRecorded(answer);
    return h(
      'div',
      {},
      facts([
        [t('name'), `${area.name}（${area.ward}）`],
        [t('grade'), area.coverage_grade],
        [t('scenes_count'), area.n_scenes],
      ]),
      // A town block without a karte is still recorded (its numbers are above): the karte alone is missing, as the
      // API's note says.
      area.has_karte ? areaKarte(area.town_key) : h('p', { class: 'no-karte' }, answer.note || t('no_karte')),
    );
  };

  const streetsPart = (answer) => {
    if (!answer.streets.length) return notRecorded(answer);
    return answer.streets.map((street) => streetKarte(street));
  };

  const coveragePart = (answer) => {
    if (!answer.scenes_total) return notRecorded(answer);
    const rows = Object.entries(answer.scenes_by_year).map(([year, count]) =>
      h('tr', {}, h('th', { scope: 'row' }, year === 'unknown' ? t('year_unknown') : year), h('td', {}, count)),
    );
    return h(
      'table',
      { class: 'coverage' },
      h('caption', {}, t('coverage_caption', { total: answer.scenes_total, r: answer.query.radius_m })),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('year')), h('th', { scope: 'col' }, t('scenes_count')))),
      h('tbody', {}, rows),
    );
  };

  const changesPart = (answer) => {
    if (!answer.results.length) return notRecorded(answer);
    return h(
      'ul',
      { class: 'changes' },
      answer.results.map((change) =>
        h(
          'li',
          {},
          h('strong', {}, `${change.category}: ${change.subject}`),
          ` (${change.year_a}→${change.year_b}, ${t(`status_${change.status}`)}, ${change.distance_m} m)`,
          h('p', {}, change.evidence),
        ),
      ),
    );
  };

  const part = (state, key, titleKey, draw) => section(titleKey, pending(state[key]) ?? draw(state[key].data));

  /** Opens the panel for the point and asks for each part at once. */
  const openPlace = ({ lat, lng }) => {
    const at = { lat: lat.toFixed(6), lon: lng.toFixed(6) };
    const state = {};
    const view = {
      title: () => t('place_title', at),
      body: () =>
        h(
          'div',
          { class: 'place' },
          part(state, 'scenes', 'scenes_nearby', sceneList),
          part(state, 'area', 'town_block', areaPart),
          part(state, 'streets', 'streets', streetsPart),
          part(state, 'coverage', 'coverage_by_year', coveragePart),
          part(state, 'changes', 'changes', changesPart),
        ),
    };
    // The spec's default radii and limits: each operation's own idea of "around here".
    load(view, state, 'scenes', getJson('/v1/scenes/nearby', at));
    load(view, state, 'area', getJson('/v1/areas/at', at));
    load(view, state, 'streets', getJson('/v1/streets/nearby', at));
    load(view, state, 'coverage', getJson('/v1/coverage', at));
    load(view, state, 'changes', getJson('/v1/changes/nearby', at));
    open(view);
  };

  machimi.place = { openPlace };
}
