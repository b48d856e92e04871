// generic.js: shows any game's view as readable nested lists and offers a
// raw action form, for rules the dashboard has no pictures for yet.

import { h } from './ui.js';

export function accepts() { return true; }

export function title(view, snap) { return snap.rules; }

function tree(v, depth = 0) {
  if (v === null || v === undefined) return h('span', { class: 'muted' }, '–');
  if (Array.isArray(v)) {
    if (!v.length) return h('span', { class: 'muted' }, 'none');
    if (v.every((x) => typeof x !== 'object' || x === null)) return h('span', null, v.join(', '));
    return h('ol', null, v.map((x) => h('li', null, tree(x, depth + 1))));
  }
  if (typeof v === 'object') {
    return h('dl', { class: 'tree' }, Object.entries(v).flatMap(([k, x]) => [h('dt', null, k), h('dd', null, tree(x, depth + 1))]));
  }
  return h('span', null, String(v));
}

export function render(view) {
  return h('section', { class: 'generic', id: 'view' }, tree(view));
}

// actions: a JSON box for one action; the seat defaults to the viewer's.
export function actions(view, ctx) {
  const seat = ctx.seat >= 0 ? ctx.seat : (view && typeof view.turn === 'number' ? view.turn : 0);
  const area = h('textarea', { id: 'raw-action', rows: 4, class: 'mono' }, JSON.stringify({ type: '', seat }));
  return h('div', { class: 'rawaction' },
    h('label', null, 'Action (JSON)'), area,
    h('button', { class: 'big primary', id: 'send-action', onclick: async () => {
      let a;
      try { a = JSON.parse(area.value); } catch (e) { ctx.setError({ message: 'the action does not read as JSON: ' + e.message }); return; }
      try { await ctx.submit(a); } catch {}
    } }, 'Send'));
}
