// The always-visible footer (release id, data date, the licence's attribution and ui_requirements, word for word)
// and the live region where the page says what it is doing or why it cannot.
{
  const { h, fill } = machimi.dom;
  const { t, pick } = machimi.i18n;

  let config = null;

  /** Shows the release and its terms; the licence's own lines are shown unchanged, in the interface language. */
  const showRelease = (next) => {
    config = next ?? config;
    if (!config) return;
    const license = config.license;
    fill(
      document.getElementById('release'),
      h('span', {}, `${t('release')}: `, h('code', { id: 'release-id' }, config.release_id)),
      h('span', {}, `${t('data_as_of')}: `, h('time', { id: 'data-as-of' }, config.data_as_of ?? t('unknown'))),
      h('span', { id: 'attribution' }, h('a', { href: license.url, rel: 'license' }, pick(license, 'attribution'))),
    );
    const requirements = pick(license, 'ui_requirements') ?? [];
    fill(
      document.getElementById('ui-requirements'),
      requirements.map((line) => h('li', {}, line)),
    );
  };

  let clearTimer;

  /** Writes `message` to the live region; `kind` is `info` or `problem`. Info fades after a while, problems stay. */
  const notify = (message, kind = 'info') => {
    const region = document.getElementById('notice');
    clearTimeout(clearTimer);
    region.dataset.kind = kind;
    region.textContent = message;
    if (kind === 'info' && message) clearTimer = setTimeout(() => notify(''), 6000);
  };

  /** Says what went wrong with a request: the API's own reason, never "nothing recorded". */
  const problem = (error) => {
    if (error?.name === 'AbortError') return;
    notify(typeof error?.explain === 'function' ? error.explain() : `${t('request_failed')}: ${error}`, 'problem');
  };

  machimi.status = { showRelease, notify, problem };
}
