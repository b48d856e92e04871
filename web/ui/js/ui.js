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
 * brand and the connection badge, never a control of the page, and pushes
 * nothing. A message longer than the bar's two lines ends in "… more": a
 * tap shows it whole over the page (the player asked for it), the next tap
 * hides it. It grew over the page by itself before, up to ~170 px of a
 * phone, and took the taps meant for the buttons under it. It stays longer
 * for a longer text (about 15 characters a second).
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
    el.addEventListener('click', () => {
      if (el.classList.contains('cut') && !el.classList.contains('whole')) {
        el.classList.add('whole');
        el.title = 'Tap to hide';
        showFor(el, el.textContent || '');
        return;
      }
      hideNow(el);
    });
    bar.append(t);
  }
  t.className = 'show ' + (kind || '');
  t.dataset.tag = tag || '';
  const msg = h('span', { class: 'msg' }, text);
  t.replaceChildren(msg, h('span', { class: 'more', 'aria-hidden': 'true' }, 'more'));
  // Cut to the bar's two lines: say there is more, and where.
  const cut = msg.scrollHeight > msg.clientHeight + 1;
  t.classList.toggle('cut', cut);
  t.title = cut ? 'Tap to read it whole' : 'Tap to hide';
  showFor(t, text);
}

/**
 * showFor (re)starts the time a toast stays: longer for a longer text.
 * @param {HTMLElement} el
 * @param {string} text
 */
function showFor(el, text) {
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => hideNow(el), Math.min(8000, Math.max(2500, text.length * 65)));
}

/** @param {HTMLElement} el */
function hideNow(el) {
  el.className = '';
  clearTimeout(toastTimer);
}

/**
 * hideToast takes the message away now if it is the one tagged tag (any
 * message when tag is not given): news that is no longer the latest (the
 * table moved on since, or the player went to another page) must not be
 * read as news.
 * @param {string} [tag]
 */
export function hideToast(tag) {
  const t = document.getElementById('toast');
  if (!t || !t.classList.contains('show') || (tag !== undefined && t.dataset.tag !== tag)) return;
  hideNow(t);
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
