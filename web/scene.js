// One scene in full: its observation (summary and every analysis section), the generation that wrote it, where its
// position comes from, and a link to the photo's page (photos are only linked, as the licence asks).
{
  const { h, facts } = machimi.dom;
  const { t } = machimi.i18n;
  const { getJson } = machimi.api;
  const { open, load, pending } = machimi.panel;

  const sectionLabel = (name) => {
    const label = t(`section_${name}`);
    return label === `section_${name}` ? name : label;
  };

  const scalar = (value) => ['string', 'number', 'boolean'].includes(typeof value);

  /** One analysis section: its plain values as facts, then its observations as a list. */
  const analysisSection = ([name, value]) => {
    if (Array.isArray(value)) {
      if (!value.length) return null;
      return h(
        'section',
        {},
        h('h4', {}, sectionLabel(name)),
        h(
          'ul',
          {},
          value.map((item) => h('li', {}, describe(item))),
        ),
      );
    }
    if (!value || typeof value !== 'object') return null;
    const plain = Object.entries(value).filter(([key, v]) => key !== 'observations' && scalar(v));
    const observations = Array.isArray(value.observations) ? value.observations : [];
    if (!plain.length && !observations.length) return null;
    return h(
      'section',
      {},
      h('h4', {}, sectionLabel(name)),
      plain.length ? facts(plain.map(([key, v]) => [key, String(v)])) : null,
      observations.length
        ? h(
            'ul',
            {},
            observations.map((text) => h('li', {}, describe(text))),
          )
        : null,
    );
  };

  const describe = (item) => (scalar(item) ? String(item) : JSON.stringify(item));

  const body = (answer) => {
    const v = answer.verbalization;
    const scene = answer.scene;
    return h(
      'div',
      { class: 'scene' },
      answer.note ? h('p', { class: 'not-recorded' }, answer.note) : null,
      v ? h('p', { class: 'summary', lang: 'ja' }, v.summary) : h('p', { class: 'not-recorded' }, t('no_observation')),
      facts([
        [t('scene_id'), scene.id],
        [t('capture_year'), scene.capture_year ?? t('year_unknown')],
        [t('ward'), scene.ward],
        [t('position_source'), scene.position_source ? t(`position_${scene.position_source}`) : t('unknown')],
        [t('generation'), v ? `${v.generation.id} (${v.generation.status})` : null],
        [t('model'), v ? `${v.model} / ${v.prompt_version}` : null],
        [t('generated_at'), v?.generated_at],
        [t('quarantined'), scene.quarantined ? t('yes') : null],
      ]),
      answer.image_page
        ? h('p', {}, h('a', { href: answer.image_page, target: '_blank', rel: 'noopener noreferrer' }, t('photo_page')))
        : null,
      v?.analysis
        ? h('div', { class: 'analysis', lang: 'ja' }, Object.entries(v.analysis).map(analysisSection))
        : h('p', {}, t('analysis_status', { status: v?.analysis_status ?? t('unknown') })),
    );
  };

  /** Opens the scene on top of the current view (Back returns to it). */
  const openScene = (id) => {
    const state = {};
    const view = {
      title: () => t('scene_title', { id }),
      body: () => pending(state.scene) ?? body(state.scene.data),
    };
    load(view, state, 'scene', getJson(`/v1/scenes/${encodeURIComponent(id)}`, { include: 'analysis,metadata' }));
    open(view, { replace: false });
  };

  machimi.scene = { openScene };
}
