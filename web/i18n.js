// The interface speaks Japanese by default and English on request. The data itself (observations, kartes) is
// Japanese whatever the interface language: the API serves it so.
{
  const { ja, en } = machimi.strings;

  const dictionaries = { ja, en };
  let lang = 'ja';
  const listeners = new Set();

  function language() {
    return lang;
  }

  /** The string for `key` in the interface language, `{name}` placeholders filled from `vars`. */
  function t(key, vars = {}) {
    const text = dictionaries[lang][key] ?? ja[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ''));
  }

  /** Picks the field of the interface language from a pair such as `attribution` / `attribution_en`. */
  function pick(record, field) {
    if (!record) return undefined;
    return lang === 'en' ? (record[`${field}_en`] ?? record[field]) : record[field];
  }

  /** Writes every `data-i18n` text and `data-i18n-<attr>` attribute of the page in the current language. */
  function translateStatic(root = document) {
    document.documentElement.lang = lang;
    for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
    for (const attr of ['aria-label', 'placeholder', 'title']) {
      const dataKey = `i18n${attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`;
      for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.dataset[dataKey]));
    }
  }

  function setLanguage(next) {
    lang = next === 'en' ? 'en' : 'ja';
    translateStatic();
    for (const listener of listeners) listener(lang);
  }

  /** Calls `listener` after every language switch (to redraw what was written with t()). */
  function onLanguageChange(listener) {
    listeners.add(listener);
  }

  machimi.i18n = { language, t, pick, translateStatic, setLanguage, onLanguageChange };
}
