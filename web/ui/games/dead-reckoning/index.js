// @ts-check
// Dead Reckoning's screen module (the contract is in docs/ui.md): the table
// (board, players, battle), the "Act" panel, the setup guide, the end
// screen, the camera read's summary and correction, and the score page.
//
// Ported to components so far: the board-entry form (the island a player
// types in while the other screens go on), the card picker (the card a
// player tapped stays picked whatever the other screens do) and the cargo
// form (cargo.js: its steppers keep what the player set). The rest is
// still built by
// legacy.js's DOM code, inside DomParts that rebuild only when the table's
// version changes, so a phone connecting, a camera notice or a refusal
// leaves them alone.

import { html, useRef, useState, DomPart } from '../../js/view.js';
import { errorText } from '../../js/ui.js';
import * as legacy from './legacy.js';
import { scorePage } from './score.js';
import { Cargo } from './cargo.js';
import { Hand } from './hand.js';

// The module's own styles, after the shell's.
const css = document.createElement('link');
css.rel = 'stylesheet';
css.href = new URL('./dr.css', import.meta.url).href;
document.head.append(css);

/** accepts says whether this module can show the view. */
export const accepts = legacy.accepts;

/** title is the table page's title: the game, the turn and who plays. */
export function title(view) {
  const t = view.turn || {};
  const p = legacy.player(view, t.seat);
  return html`<span>Dead Reckoning · turn ${t.number || 1} · <span class="turnname" style=${'color:' + (p ? legacy.colourOf(p.colour) : '#777')}>${p ? p.name : 'nobody'}</span></span>`;
}

/** Table is the board, the players and the battle. */
export function Table({ view, snap, ctx }) {
  legacy.know(view);
  return html`<${DomPart} deps=${[snap, ctx.seat, ctx.gen]} build=${() => legacy.render(view, ctx, snap)} />`;
}

/** Actions is what this screen may do now. */
export function Actions({ view, snap, ctx }) {
  legacy.know(view);
  const t = view.turn || {};
  const seat = ctx.seat >= 0 ? ctx.seat : t.seat;
  const send = (a) => ctx.submit({ seat, ...a }).catch(() => {});
  const entry = legacy.boardToEnter(view);
  return html`
    <${DomPart} deps=${[snap, ctx.seat, ctx.gen]} build=${() => legacy.actions(view, ctx)} />
    <${Hand} key=${'card:' + seat} view=${view} ctx=${ctx} seat=${seat} />
    <${DomPart} deps=${[snap, ctx.seat, ctx.gen]} build=${() => legacy.actionForms(view, ctx)} />
    <${Cargo} key=${'cargo:' + seat} view=${view} ctx=${ctx} seat=${seat} />
    <${DomPart} deps=${[snap, ctx.seat, ctx.gen]} build=${() => legacy.actionEnd(view, ctx)} />
    ${entry ? html`<${BoardEntry} key=${entry.type + ':' + entry.at} ...${entry} send=${send} />` : null}`;
}

/** SetupGuide says how to lay out the table (version 0 only). */
export function SetupGuide({ view, snap }) {
  return html`<${DomPart} deps=${[snap]} build=${() => legacy.setupGuide(view)} />`;
}

/** EndScreen is the final score, the tie-break and the exports. */
export function EndScreen({ view, snap, ctx }) {
  return html`<${DomPart} deps=${[snap, !!ctx]} build=${() => legacy.endScreen(view, snap, ctx)} />`;
}

/** readSummary shows what the camera read (DOM, built once per read). */
export const readSummary = legacy.readSummary;

/**
 * readCorrection is the by-hand read: cubes per colour and zone.
 * @returns {{el: HTMLElement, value: () => any}}
 */
export function readCorrection(read) {
  const inner = read.action && read.action.read;
  if (!inner) {
    const area = document.createElement('textarea');
    area.rows = 4;
    area.className = 'mono';
    area.value = JSON.stringify(read.action, null, 1);
    return { el: area, value: () => JSON.parse(area.value) };
  }
  const colours = [...new Set(Object.keys(inner.cubes || {}).concat(Object.keys(inner.redrop || {})))];
  const grid = /** @type {any} */ (legacy.readGrid(colours, inner));
  return { el: grid, value: () => ({ ...read.action, read: grid.value() }) };
}

/** Score is the "just score" calculator. */
export function Score() {
  return html`<${DomPart} deps=${[]} mount=${(el) => { scorePage(el); }} />`;
}

/**
 * BoardEntry asks what a board turned face up shows: a new island typed from
 * the board, one already entered, or open sea. Its fields are the player's:
 * nothing but the player changes them, whatever the other screens do.
 * @param {{title: string, at: string, type: string, send: (a: any) => any}} props
 */
function BoardEntry({ title, at, type, send }) {
  const [mode, setMode] = useState('new');
  const box = useRef(/** @type {HTMLFieldSetElement|null} */ (null));
  const go = () => {
    const f = box.current;
    const val = (c) => /** @type {HTMLInputElement} */ (f.querySelector('.' + c)).value;
    /** @type {any} */
    const a = { type, at };
    if (mode === 'sea') a.openSea = { arrows: [...f.querySelectorAll('.entry-arrows input:checked')].map((i) => /** @type {HTMLInputElement} */ (i).value) };
    else if (mode === 'known') a.island = val('entry-id').trim();
    else {
      a.newIsland = {
        id: legacy.slug(val('entry-name')), name: val('entry-name').trim(), slots: Number(val('entry-slots') || 0),
        values: val('entry-values').split(',').map((x) => x.trim()).filter(Boolean).map(Number),
        cargo: Number(val('entry-cargo') || 0), coins: Number(val('entry-coins') || 0),
        handIcon: /** @type {HTMLInputElement} */ (f.querySelector('.entry-hand')).checked || undefined,
      };
    }
    const card = val('entry-card').trim();
    if (card) a.card = card;
    send(a);
  };
  return html`<fieldset class="explore" id="board-entry" ref=${box}>
    <legend>${title}</legend>
    <select class="entry-mode" aria-label="What the board shows" onChange=${(e) => setMode(e.currentTarget.value)}>
      <option value="new">a new island (type it in)</option>
      <option value="known">an island already entered</option>
      <option value="sea">open sea</option>
    </select>
    <div class="row" hidden=${mode !== 'new'}>
      <input class="entry-name" placeholder="island name as printed" aria-label="island name as printed" />
      <input class="entry-slots" type="number" min="1" max="9" placeholder="cube slots" aria-label="cube slots" />
      <input class="entry-values" placeholder="coins for 1st,2nd,3rd e.g. 6,5,4" aria-label="coins for 1st, 2nd, 3rd" />
      <input class="entry-cargo" type="number" min="0" max="9" placeholder="cargo produced" aria-label="cargo produced" />
      <input class="entry-coins" type="number" min="0" max="9" placeholder="coins produced" aria-label="coins produced" />
      <label class="check"><input type="checkbox" class="entry-hand" /> hand icon</label>
    </div>
    <div class="row" hidden=${mode !== 'known'}><input class="entry-id" placeholder="island id, e.g. seahound-isle" aria-label="island id" /></div>
    <div class="row entry-arrows" hidden=${mode !== 'sea'}>Arrows:
      ${['up', 'down', 'left', 'right'].map((d) => html`<label key=${d} class="check"><input type="checkbox" value=${d} /> ${d}</label>`)}
    </div>
    <input class="entry-card" placeholder="id of the card put on it (optional)" aria-label="card put on it" />
    <button class="btn primary" id=${type === 'explore' ? 'act-explore' : 'act-reveal'} onClick=${go}>Enter the board</button>
  </fieldset>`;
}

