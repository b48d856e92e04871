// @ts-check
// generic.js: the table of a game with no screen module: its view as
// readable nested lists and one action typed as JSON. It follows the module
// contract of docs/ui.md like any game's module.

import { html, useRef } from './view.js';

/** title is the game's name on the table page's bar. */
export function title(view, snap) { return snap.rules; }

function Tree({ v }) {
  if (v === null || v === undefined) return html`<span class="muted">–</span>`;
  if (Array.isArray(v)) {
    if (!v.length) return html`<span class="muted">none</span>`;
    if (v.every((x) => typeof x !== 'object' || x === null)) return html`<span>${v.join(', ')}</span>`;
    return html`<ol>${v.map((x, i) => html`<li key=${i}><${Tree} v=${x} /></li>`)}</ol>`;
  }
  if (typeof v === 'object') {
    return html`<dl class="tree">${Object.entries(v).map(([k, x]) => html`<dt key=${'t' + k}>${k}</dt><dd key=${'d' + k}><${Tree} v=${x} /></dd>`)}</dl>`;
  }
  return html`<span>${String(v)}</span>`;
}

/** Table shows the view as nested lists. */
export function Table({ view }) {
  return html`<section class="generic" id="view"><${Tree} v=${view} /></section>`;
}

/** Actions is a JSON box for one action; the seat defaults to the viewer's. */
export function Actions({ view, ctx }) {
  const area = useRef(/** @type {HTMLTextAreaElement|null} */ (null));
  const seat = ctx.seat >= 0 ? ctx.seat : (view && typeof view.turn === 'number' ? view.turn : 0);
  const send = async () => {
    let a;
    try { a = JSON.parse(area.current.value); } catch (e) { ctx.setError({ message: 'the action does not read as JSON: ' + e.message }); return; }
    try { await ctx.submit(a); } catch { /* shown in the banner */ }
  };
  return html`<div class="rawaction">
    <label for="raw-action">Action (JSON)</label>
    <textarea id="raw-action" rows="4" class="mono" ref=${area} defaultValue=${JSON.stringify({ type: '', seat })}></textarea>
    <button class="big primary" id="send-action" onClick=${send}>Send</button>
  </div>`;
}
