// What the search service understood from the query, in plain words: the conditions (and which are negated), the
// places and years it applied, the words it ignored and why, whether results were checked, and its warning.
{
  const { h } = machimi.dom;
  const { t, pick } = machimi.i18n;

  const list = (items) => items.join(t('list_separator'));

  const conditionText = (condition) => {
    const label = pick(condition, 'label');
    return condition.negated ? t('negated', { label }) : label;
  };

  const understood = (page) => {
    const it = page.interpretation;
    const lines = [];
    if (it.conditions.length) lines.push(t('understood_conditions', { list: list(it.conditions.map(conditionText)) }));
    if (it.text_only) lines.push(t('text_only', { list: list(it.text_terms) }));
    for (const place of it.places) lines.push(t(place.applied ? 'place_applied' : 'place_not_applied', place));
    for (const year of it.years) {
      const range = `${year.from ?? '…'}–${year.to ?? '…'}`;
      lines.push(t(year.applied ? 'years_applied' : 'years_not_applied', { text: year.matched_text, range }));
    }
    const ignored = it.ignored.filter((item) => item.reason !== 'function_word');
    if (ignored.length) {
      lines.push(
        t('ignored', { list: list(ignored.map((item) => `「${item.text}」(${t(`reason_${item.reason}`)})`)) }),
      );
    }
    if (it.preset_set_aside) lines.push(t('preset_set_aside'));
    if (it.unverified_conditions.length) lines.push(t('unverified'));
    if (page.mode === 'related') lines.push(t('mode_related'));
    return h(
      'section',
      { class: 'interpretation', 'aria-label': t('interpretation') },
      h('h3', {}, t('interpretation')),
      h(
        'ul',
        {},
        lines.map((line) => h('li', {}, line)),
      ),
      page.warning ? h('p', { class: 'warning', lang: 'en' }, `${t('server_warning')}: ${page.warning}`) : null,
    );
  };

  machimi.interpretation = { understood };
}
