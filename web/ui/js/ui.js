// @ts-check
// ui.js: small helpers to build the page without a framework.

// h builds an element: h('button', {class: 'big', onclick: f}, 'Text', child...).
export function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, kids);
  return el;
}

const SVGNS = 'http://www.w3.org/2000/svg';

// s builds an SVG element the same way.
export function s(tag, attrs, ...kids) {
  const el = document.createElementNS(SVGNS, tag);
  setAttrs(el, attrs);
  append(el, kids);
  return el;
}

function setAttrs(el, attrs) {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'value' && 'value' in el) el.value = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, kids) {
  for (const k of kids.flat(Infinity)) {
    if (k === undefined || k === null || k === false) continue;
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
}

// clear empties an element and fills it with kids.
export function fill(el, ...kids) {
  el.replaceChildren();
  append(el, kids);
  return el;
}

// errorText turns an API error into the sentence shown to the players, with
// the rulebook page when a rule refused the action.
export function errorText(err) {
  if (!err) return '';
  let t = err.message || String(err);
  t = t.charAt(0).toUpperCase() + t.slice(1);
  if (err.page) t += ` (rulebook p. ${err.page})`;
  else if (err.section) t += ` (rulebook: ${err.section})`;
  return t;
}

// errorBox is the banner for a refused action: what the rule says and where.
// The rule's code stays out of sight (data-code, for tests): players read words.
export function errorBox(err) {
  const ruled = err && err.status === 422;
  return h('div', { class: 'error' + (ruled ? ' rule' : ''), role: 'alert', 'data-code': err && err.code },
    h('strong', null, ruled ? 'Not allowed: ' : 'Problem: '),
    errorText(err));
}

let toastTimer;
/**
 * toast shows a short message for a moment in the band at the top of the
 * screen (the bar, which stays in place as the page scrolls): it covers the
 * brand and the connection badge, never a control of the page, pushes
 * nothing, and goes away when tapped. A long one wraps over the page for
 * its moment, which is longer for a longer text (about 15 characters a
 * second), so a player can read it to its end.
 * @param {string} text
 * @param {string} [kind] "ok" for a confirmation, else a warning
 * @param {string} [tag] what the message is about, for hideToast
 */
export function toast(text, kind, tag) {
  const bar = document.getElementById('bar') || document.body;
  let t = document.getElementById('toast');
  if (!t) {
    t = h('div', { id: 'toast', role: 'status', title: 'Tap to hide' });
    const el = t;
    el.addEventListener('click', () => { el.className = ''; clearTimeout(toastTimer); });
    bar.append(t);
  }
  t.className = 'show ' + (kind || '');
  t.dataset.tag = tag || '';
  t.replaceChildren(h('span', { class: 'msg' }, text));
  clearTimeout(toastTimer);
  const el = t;
  toastTimer = setTimeout(() => { el.className = ''; }, Math.min(8000, Math.max(2500, text.length * 65)));
}

/**
 * hideToast takes the message away now if it is the one tagged tag: news
 * that is no longer the latest (the table moved on since) must not be read
 * as news.
 * @param {string} tag
 */
export function hideToast(tag) {
  const t = document.getElementById('toast');
  if (!t || !t.classList.contains('show') || t.dataset.tag !== tag) return;
  t.className = '';
  clearTimeout(toastTimer);
}

// colourOf maps a player colour name to a CSS colour that reads well on the
// dark table background.
export function colourOf(name) {
  const c = {
    purple: '#b47cff', green: '#3ddc84', blue: '#4da3ff', orange: '#ff9f43', red: '#ff5c5c',
    yellow: '#ffd84d', black: '#9aa0a6', white: '#f5f5f5', pink: '#ff7bc8', teal: '#2dd4bf',
  }[String(name || '').toLowerCase()];
  return c || '#cccccc';
}

export function fmtTime(t) {
  try { return new Date(t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }); } catch { return ''; }
}
