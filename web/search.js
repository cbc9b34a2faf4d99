// Scenery search (/explore/api/search): the form, a page of results pinned on the map with quotes and match scores,
// what the service understood and ignored in plain words, and "more" through the cursor (pagination.next_request,
// sent unchanged).
{
  const { h } = machimi.dom;
  const { t, pick } = machimi.i18n;
  const { postJson } = machimi.api;
  const { open, refresh, pending } = machimi.panel;
  const { openScene } = machimi.scene;
  const { pins } = machimi.pins;
  const { understood } = machimi.interpretation;

  const pageSize = 10;

  /** The request body from the form; empty fields are left out so the spec's defaults apply. */
  const requestOf = (form) => {
    const data = new FormData(form);
    const body = { limit: pageSize };
    if (data.get('mode')) body.mode = data.get('mode');
    const query = String(data.get('query') ?? '').trim();
    if (query) body.query = query;
    if (data.get('preset')) body.preset = data.get('preset');
    if (data.get('ward')) body.ward = data.get('ward');
    if (data.get('year_from') !== '') body.year_from = Number(data.get('year_from'));
    if (data.get('year_to') !== '') body.year_to = Number(data.get('year_to'));
    return body;
  };

  const score = (scene) =>
    scene.match_score === undefined
      ? null
      : h(
          'span',
          { class: 'score' },
          t('match_score', { s: scene.match_score.toFixed(2) }),
          scene.match_confidence == null ? '' : ` · ${t('match_confidence', { c: scene.match_confidence.toFixed(2) })}`,
        );

  const result = (scene, index) =>
    h(
      'li',
      { class: 'hit' },
      h('span', { class: 'pin-number', 'aria-hidden': 'true' }, String(index + 1)),
      h('button', { type: 'button', class: 'link', onclick: () => openScene(scene.id) }, scene.title ?? scene.id),
      h('span', { class: 'meta' }, ` ${scene.capture_year ?? t('year_unknown')} · ${scene.ward ?? ''} `),
      score(scene),
      h(
        'ul',
        { class: 'quotes', lang: 'ja' },
        (scene.quotes ?? []).map((quote) => h('li', {}, h('q', {}, quote.text))),
      ),
    );

  const resultsBody = (state) => {
    const first = state.pages[0];
    if (!first) return pending(state.first);
    const last = state.pages.at(-1);
    const results = state.pages.flatMap((page) => page.results);
    return h(
      'div',
      { class: 'search-results' },
      understood(first),
      results.length
        ? h('ol', { class: 'hits' }, results.map(result))
        : h('p', { class: 'not-recorded' }, t('search_empty')),
      h('p', { class: 'licence-note' }, pick(first.license, 'attribution')),
      state.next?.loading || state.next?.error ? pending(state.next) : null,
      last.pagination.has_more
        ? h('button', { type: 'button', id: 'search-more', onclick: () => state.more() }, t('more'))
        : h('p', {}, t('search_end')),
    );
  };

  const runSearch = (body) => {
    const state = { pages: [], first: { loading: true } };
    const view = { title: () => t('search_title', { q: body.query ?? body.preset }), body: () => resultsBody(state) };
    const fetchPage = (request, key) => {
      state[key] = { loading: true };
      postJson('/explore/api/search', request).then(
        (page) => {
          state.pages.push(page);
          state[key] = { data: page };
          pins(
            state.pages.flatMap((p) => p.results),
            openScene,
          );
          refresh(view);
        },
        (error) => {
          state[key] = { error };
          refresh(view);
        },
      );
    };
    state.more = () => {
      const next = state.pages.at(-1)?.pagination.next_request;
      if (next && !state.next?.loading) {
        fetchPage(next, 'next');
        refresh(view);
      }
    };
    fetchPage(body, 'first');
    open(view);
  };

  const init = () => {
    const form = document.getElementById('search-form');
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const body = requestOf(form);
      if (body.query || body.preset) runSearch(body);
      else document.getElementById('search-query').focus();
    });
  };

  machimi.search = { init, runSearch };
}
