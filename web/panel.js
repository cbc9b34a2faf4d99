// The side panel: one view at a time (a place, a scene, search results, names found), a heading that takes the focus
// when a view opens, Back to the previous view and Escape to close. Views are render functions kept with their
// data, so a language switch redraws them without asking the server again.
{
  const { h, fill } = machimi.dom;
  const { t, onLanguageChange } = machimi.i18n;

  const stack = [];
  let returnFocus = null;

  const panel = () => document.getElementById('panel');

  const render = () => {
    const view = stack.at(-1);
    if (!view) return;
    const heading = document.getElementById('panel-heading');
    heading.textContent = view.title();
    document.getElementById('panel-back').hidden = stack.length < 2;
    fill(document.getElementById('panel-body'), view.body());
  };

  /** Opens a view: `title()` and `body()` are called again on every redraw. `replace` drops the views below it. */
  const open = (view, { replace = true } = {}) => {
    if (replace) stack.length = 0;
    if (panel().hidden) returnFocus = document.activeElement;
    stack.push(view);
    panel().hidden = false;
    render();
    document.getElementById('panel-heading').focus();
  };

  /** Redraws the current view (its data arrived or changed). */
  const refresh = (view) => {
    if (stack.at(-1) === view) render();
  };

  const back = () => {
    if (stack.length < 2) return close();
    stack.pop();
    render();
    document.getElementById('panel-heading').focus();
  };

  const close = () => {
    stack.length = 0;
    panel().hidden = true;
    const target = returnFocus && document.contains(returnFocus) ? returnFocus : document.getElementById('map');
    returnFocus = null;
    target.focus();
  };

  const init = () => {
    document.getElementById('panel-back').addEventListener('click', back);
    document.getElementById('panel-close').addEventListener('click', close);
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !panel().hidden) back();
    });
    onLanguageChange(render);
  };

  /** Fetches into `state[key]` and redraws `view` when the answer (or the reason there is none) arrives. */
  const load = (view, state, key, promise) => {
    state[key] = { loading: true };
    promise.then(
      (data) => {
        state[key] = { data };
        refresh(view);
      },
      (error) => {
        state[key] = { error };
        refresh(view);
      },
    );
  };

  /** What a loading or failed part says; `null` once its data is there. */
  const pending = (part) => {
    if (!part || part.loading) return h('p', { class: 'loading' }, t('loading'));
    if (part.error) return h('p', { class: 'problem', role: 'alert' }, part.error.explain?.() ?? String(part.error));
    return null;
  };

  /** A section of a view: a heading and its content, or the reason the content could not be fetched. */
  const section = (titleKey, content) => h('section', { class: 'part' }, h('h3', {}, t(titleKey)), content);

  machimi.panel = { open, refresh, back, close, init, section, load, pending };
}
