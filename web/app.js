// Starts the page: the interface language, the release and its terms, the map, the forms. When the configuration
// cannot be had (429, 503, no network) the page says why and tries again after the time the server asked for.
{
  const { getJson } = machimi.api;
  const { translateStatic, setLanguage, language, onLanguageChange, pick, t } = machimi.i18n;
  const { showRelease, notify, problem } = machimi.status;
  const { createMap } = machimi.map;
  const { openPlace } = machimi.place;

  const longestWaitS = 60;

  const fillSearchChoices = (meta) => {
    const option = (value, text) => {
      const el = document.createElement('option');
      el.value = value;
      el.textContent = text;
      return el;
    };
    const label = () => {
      const presets = document.getElementById('search-preset');
      const wards = document.getElementById('search-ward');
      const [anyPreset] = presets.options;
      const [anyWard] = wards.options;
      const keptPreset = presets.value;
      const keptWard = wards.value;
      presets.replaceChildren(anyPreset, ...meta.search_features.presets.map((p) => option(p.id, pick(p, 'label'))));
      wards.replaceChildren(anyWard, ...meta.wards.map((w) => option(w.label, pick(w, 'label'))));
      presets.value = keptPreset;
      wards.value = keptWard;
      // The service's own default, so that the label follows the spec.
      document.getElementById('search-year-default').textContent = t('year_default_from', {
        year: meta.search_features.defaults.year_from,
      });
    };
    label();
    onLanguageChange(label);
  };

  const fillYears = (config) => {
    const years = config.capture_years.map(({ value }) => Number(value)).filter((year) => year >= 2000);
    for (const id of ['search-year-from', 'search-year-to']) {
      const select = document.getElementById(id);
      for (const year of years) {
        const el = document.createElement('option');
        el.value = String(year);
        el.textContent = String(year);
        select.append(el);
      }
    }
  };

  const start = (config) => {
    showRelease(config);
    onLanguageChange(() => showRelease());
    const map = createMap(config, {
      onPick: (latlng) => {
        machimi.pins.mark(latlng);
        openPlace(latlng);
      },
    });
    machimi.pins.setMap(map);
    machimi.find.init(map);
    machimi.search.init();
    fillYears(config);
    machimi.app.map = map;
    getJson('/explore/api/meta').then(fillSearchChoices, problem);
    document.body.dataset.ready = 'true';
  };

  const boot = () =>
    getJson('/map/api/config').then(start, (error) => {
      problem(error);
      const waitS = Math.min(error.retryAfterS ?? 10, longestWaitS);
      setTimeout(boot, waitS * 1000);
    });

  machimi.app = { map: null };
  machimi.panel.init();
  translateStatic();
  const switcher = document.getElementById('lang-switch');
  switcher.addEventListener('click', () => {
    setLanguage(language() === 'ja' ? 'en' : 'ja');
    switcher.setAttribute('aria-pressed', String(language() === 'en'));
    notify('');
  });
  boot();
}
