// Kartes of town blocks and streets: the written text (Japanese, as the API serves it), the grade, the profile's
// rates and the evidence scenes, each of which opens. Answers are kept, so a redraw does not ask again.
{
  const { h, fill, facts } = machimi.dom;
  const { t } = machimi.i18n;
  const { getJson } = machimi.api;
  const { openScene } = machimi.scene;

  const areaFields = ['character', 'skeleton', 'streetscape', 'walking', 'notable', 'compared_to'];
  const streetFields = ['character', 'sides', 'tsuranari', 'streetscape', 'walking', 'notable'];
  const closingFields = ['changes_summary', 'coverage_note'];
  const answers = new Map();

  const cached = (path, params) => {
    const key = `${path}?${new URLSearchParams(params)}`;
    if (!answers.has(key)) answers.set(key, getJson(path, params));
    return answers.get(key);
  };

  /** An element that shows "loading", then what `draw` makes of the answer, or why there is none. */
  const later = (promise, draw) => {
    const box = h('div', { class: 'karte' }, h('p', { class: 'loading' }, t('loading')));
    promise.then(
      (answer) => fill(box, draw(answer)),
      (error) => fill(box, h('p', { class: 'problem', role: 'alert' }, error.explain?.() ?? String(error))),
    );
    return box;
  };

  const evidence = (ids = []) =>
    ids.length
      ? h(
          'p',
          { class: 'evidence' },
          `${t('evidence_scenes')}: `,
          ids.map((id) => h('button', { type: 'button', class: 'link', onclick: () => openScene(id) }, id)),
        )
      : null;

  // Rate names are open in the spec: one without a word of its own is shown by its name, not as a raw key.
  const rateLabel = (name) => {
    const label = t(`rate_${name}`);
    return label === `rate_${name}` ? name : label;
  };

  const rates = (profile) => {
    const entries = Object.entries(profile?.rates ?? {}).sort(([, a], [, b]) => b.pct - a.pct);
    if (!entries.length) return null;
    return h(
      'details',
      { class: 'profile' },
      h('summary', {}, t('profile')),
      h(
        'ul',
        {},
        entries.map(([name, rate]) =>
          h('li', {}, `${rateLabel(name)} ${rate.pct}% (${rate.count}/${rate.denominator})`),
        ),
      ),
    );
  };

  const text = (karte, fields, answer) => {
    if (!karte) return h('p', { class: 'not-recorded' }, answer.note || t('no_karte'));
    return h(
      'div',
      { lang: 'ja' },
      [...fields, ...closingFields].filter((field) => karte[field]).map((field) => h('p', {}, karte[field])),
      evidence(karte.evidence_ids),
    );
  };

  const areaKarte = (townKey) =>
    later(cached(`/v1/areas/${encodeURIComponent(townKey)}`, { include: 'profile' }), (answer) => [
      h('h4', {}, t('karte')),
      text(answer.karte, areaFields, answer),
      rates(answer.profile),
    ]);

  const streetKarte = (street) =>
    h(
      'article',
      { class: 'street' },
      h('h4', {}, street.name),
      facts([
        [t('grade'), street.coverage_grade],
        [t('road_class'), street.highway_class],
        [t('scenes_count'), street.n_scenes],
      ]),
      later(cached(`/v1/streets/${street.street_id}`, { include: 'profile' }), (answer) => [
        text(answer.karte, streetFields, answer),
        rates(answer.profile),
      ]),
    );

  machimi.karte = { areaKarte, streetKarte };
}
