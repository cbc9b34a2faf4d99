// Builds elements from data without innerHTML, so text from the API can never become markup. The page's scripts are
// classic deferred scripts sharing the `machimi` namespace (the server renames every file by its digest, and its
// Content-Security-Policy admits no inline import map), each in a block of its own.
globalThis.machimi = {};
{
  const appendAll = (el, children) => {
    for (const child of children.flat(Number.POSITIVE_INFINITY)) {
      if (child === undefined || child === null || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  };

  const h = (tag, attrs = {}, ...children) => {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
      else if (key === 'class') el.className = value;
      else el.setAttribute(key, value === true ? '' : String(value));
    }
    appendAll(el, children);
    return el;
  };

  /** Replaces the children of `el`. */
  const fill = (el, ...children) => {
    el.replaceChildren();
    appendAll(el, children);
    return el;
  };

  /** A definition list from [term, value] pairs, leaving out absent values. */
  const facts = (pairs) => {
    const items = pairs.filter(([, value]) => value !== undefined && value !== null && value !== '');
    return h(
      'dl',
      { class: 'facts' },
      items.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
    );
  };

  machimi.dom = { h, fill, facts };
}
