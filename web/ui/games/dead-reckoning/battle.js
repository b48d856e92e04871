// @ts-check
// battle.js: a Dead Reckoning battle on screen, for any view with the
// battle's shape ({players, battles, battle, battleZones, turn}): the sides,
// the step it waits for, the tally and the outcome, the camera's picture
// (BattlePanel); the forms of each step (BattleSteps: cannons, defence, the
// drop, the read, abilities in turn, plunder); the battle recorded by hand
// (OutcomeForm); and the by-hand read grid (ReadGrid, readGrid).
//
// Every form keeps what the player set in its own state: an update from
// another screen renders it again with the new view and leaves it alone.

import { html, render, Fragment, useState, useEffect, useLayoutEffect, useRef } from '../../js/view.js';
import { placeCamera } from '../../js/camera.js';
import {
  colourOf, player, pname, pcol, posKey, placeName, inPlay, cardName, deckIds, abilitiesOf, optionText,
  goodsJSON, Stepper, Choice, Toggles, Note, Refusal, GoodsEditor, plural,
} from './common.js';

// ----- the zones of the battle board -----

/**
 * @typedef {{id: string, effects?: Array<{kind: string, n: number}>, polygon?: number[][], label?: string}} BoardZone
 * @typedef {{zones: BoardZone[], width: number, height: number}} Board
 */

/** @type {BoardZone[]|null} the zones of the last view shown (its own board). */
let viewZones = null;
/** @type {string[]} the colours of the last battle shown (both sides'). */
let viewColours = [];
/** @type {Promise<any>|null} the camera's board (/api/layout), with the zones' outlines. */
let layoutP = null;

/** noteZones keeps the zones and the battle's colours of the view shown, for the reads by hand. */
export function noteZones(view) {
  if (!view) return;
  if (view.battleZones && view.battleZones.length) viewZones = view.battleZones;
  const b = view.battle, pb = (view.battles || [])[0];
  const need = pb && needOf(pb, view);
  const cs = [...((b && b.sides) || []).map((x) => x.colour), ...Object.keys((need && need.inShip) || {})].filter(Boolean);
  if (cs.length) viewColours = [...new Set(cs)];
}

/** battleColours are the colours of the battle last shown: both sides' (black for a merchant or buildings). */
export function battleColours() { return viewColours.slice(); }

function fetchLayout() {
  if (!layoutP) layoutP = fetch('/api/layout').then((r) => (r.ok ? r.json() : null)).catch(() => null);
  return layoutP;
}

const FX = {
  strength: (n) => `${n} strength`, damage: (n) => (n > 1 ? `${n} damage` : 'damage'), cargo: (n) => (n > 1 ? `${n} cargo` : 'cargo'),
  coin: (n) => (n > 1 ? `${n} coins` : 'coin'), cargo_or_coin: () => 'cargo or coin', explode: () => 'exploding shot',
};

/**
 * zoneWords names a zone as players read it: the layout's label, else what a
 * cube there gives and where the zone lies when two give the same
 * ("damage, left", "2 strength, top", "exploding shot"), never its id.
 * @param {BoardZone|string} z a zone, or a zone id (looked up in the zones last shown)
 */
export function zoneWords(z) {
  if (typeof z === 'string') z = (viewZones || []).find((x) => x.id === z) || { id: z };
  if (z.label) return z.label;
  const parts = String(z.id).split('-');
  const where = /^(left|right|top|bottom|middle|centre|center)$/.test(parts[parts.length - 1]) ? parts[parts.length - 1] : '';
  const fx = (z.effects || []).map((e) => (FX[e.kind] ? FX[e.kind](e.n) : String(e.kind).replace(/_/g, ' '))).join(' and ');
  const what = fx || (where ? parts.slice(0, -1) : parts).join(' ');
  return where ? `${what}, ${where}` : what;
}

/**
 * useBoard is the battle board to draw: the zones (the view's, else the
 * camera's board) with their outlines from the camera's board when it has
 * every one of them; without outlines the zones are laid out in a grid.
 * @param {BoardZone[]|undefined} zones
 * @returns {Board}
 */
function useBoard(zones) {
  const [layout, setLayout] = useState(/** @type {any} */ (null));
  useEffect(() => {
    let live = true;
    fetchLayout().then((l) => { if (live) setLayout(l || { zones: [] }); });
    return () => { live = false; };
  }, []);
  const own = zones || viewZones || (layout && layout.zones) || [];
  const outline = new Map(((layout && layout.zones) || []).map((z) => [z.id, z]));
  if (own.length && own.every((z) => outline.get(z.id) && (outline.get(z.id).polygon || []).length >= 3)) {
    return { zones: own.map((z) => ({ ...outline.get(z.id), ...z, polygon: outline.get(z.id).polygon })), width: layout.width, height: layout.height };
  }
  // No outlines: a grid of equal boxes, four to a row.
  const cols = 4, w = 50, hgt = 35;
  return {
    zones: own.map((z, i) => ({ ...z, polygon: [[(i % cols) * w, Math.floor(i / cols) * hgt], [(i % cols + 1) * w, Math.floor(i / cols) * hgt], [(i % cols + 1) * w, (Math.floor(i / cols) + 1) * hgt], [(i % cols) * w, (Math.floor(i / cols) + 1) * hgt]] })),
    width: cols * w, height: Math.max(1, Math.ceil(own.length / cols)) * hgt,
  };
}

/** centre is the middle of a zone's outline (the mean of its corners). */
function centre(poly) {
  const n = poly.length || 1;
  return [poly.reduce((a, p) => a + p[0], 0) / n, poly.reduce((a, p) => a + p[1], 0) / n];
}

/** @type {CanvasRenderingContext2D|null} measures the zones' words (fitName). */
let measure = null;

/**
 * fitName sizes a zone's words to stay inside it: the widest word at fs px
 * must fit in room px (the zone's width less a margin each side), else the
 * size comes down to what fits, never under 10 px. Words too wide ran over
 * the zone's edges and touched the board's (the tablet's "damage, left").
 * A name's parts are on lines of their own ("2 strength" over "top"), so
 * its commas are not drawn and not measured.
 * @param {string} name
 * @param {number} room the label's width in px
 * @param {number} fs the board's text size in px
 */
function fitName(name, room, fs) {
  if (!measure) measure = document.createElement('canvas').getContext('2d');
  if (!measure || room <= 0) return fs;
  measure.font = `${fs}px system-ui, "DejaVu Sans", sans-serif`;
  const widest = Math.max(...name.split(/,?\s+/).map((w) => (measure ? measure.measureText(w).width : 0)));
  return widest <= room ? fs : Math.max(10, Math.floor((fs * room) / widest));
}

/**
 * ReadGrid is the read by hand: a picture of the battle board, each zone a
 * big area named in words; the player picks a colour and taps the zone a
 * cube of that colour lies in (or "on a border"), and takes one back with
 * Undo. The counts also sit in a table below, each a number to fix. The
 * numbers are the player's (never reset by an update from another screen);
 * the read is gridValue() of the element.
 * @param {{colours: string[], start?: any, id?: string, zones?: BoardZone[], names?: Record<string, string>}} props
 */
export function ReadGrid({ colours, start, id = 'read-grid', zones, names = {} }) {
  const board = useBoard(zones);
  const box = useRef(/** @type {HTMLDivElement|null} */ (null));
  const svg = useRef(/** @type {HTMLDivElement|null} */ (null));
  const taps = useRef(/** @type {Array<[string, string]>} */ ([]));
  const [colour, setColour] = useState(colours[0] || '');
  const [, setTick] = useState(0);
  const [px, setPx] = useState(0);
  useLayoutEffect(() => {
    const w = svg.current ? svg.current.getBoundingClientRect().width : 0;
    if (w && Math.abs(w - px) > 1) setPx(w);
  });
  const cubes = (start && start.cubes) || {};
  const redrop = (start && start.redrop) || {};
  const cur = box.current ? gridValue(box.current) : { cubes, redrop };
  const input = (z, c) => /** @type {HTMLInputElement|null} */ (box.current && box.current.querySelector(`input[data-zone="${z}"][data-colour="${c}"]`));
  const add = (z, c, d) => {
    const i = input(z, c);
    if (!i) return;
    i.value = String(Math.max(0, Number(i.value || 0) + d) || '');
    setTick((n) => n + 1);
  };
  const tap = (z) => { if (!colour) return; taps.current.push([z, colour]); add(z, colour, 1); };
  const undo = () => { const t = taps.current.pop(); if (t) add(t[0], t[1], -1); };
  const clear = () => {
    if (box.current) box.current.querySelectorAll('input[data-zone]').forEach((i) => { /** @type {HTMLInputElement} */ (i).value = ''; });
    taps.current = [];
    setTick((n) => n + 1);
  };
  const count = (z, c) => (z === 'redrop' ? (cur.redrop || {})[c] : ((cur.cubes || {})[c] || {})[z]) || 0;
  // Board text at 16 px on a tablet (13 px on a phone), whatever the board's units.
  const fs = px && px < 440 ? 13 : 16;
  const zs = board.zones;
  const label = (c) => (names[c] ? `${c} (${names[c]})` : c);
  return html`<div class="readpick" id=${id} ref=${box}>
    <p class="fnote">Pick a colour, then tap where each cube of it lies.</p>
    <div class="choice" role="group" aria-label="colour of the cubes to place">
      ${colours.map((c) => html`<button key=${c} type="button" class="opt" data-pick-colour=${c} aria-pressed=${String(colour === c)}
        style=${`min-height:48px;border-left:12px solid ${colourOf(c)}`} onClick=${() => setColour(c)}>${label(c)}</button>`)}
    </div>
    <div ref=${svg} class="boardpick" role="group" aria-label="the battle board: tap a zone to add a cube there"
      style=${`position:relative;width:100%;max-width:720px;aspect-ratio:${board.width} / ${board.height};background:#5a4a2a;touch-action:manipulation;font-size:${fs}px`}>
      ${zs.map((z) => {
        const poly = z.polygon || [];
        const xs = poly.map((q) => q[0]), ys = poly.map((q) => q[1]);
        const x0 = Math.min(...xs), y0 = Math.min(...ys), w = Math.max(...xs) - x0 || 1, hh = Math.max(...ys) - y0 || 1;
        const [cx, cy] = centre(poly);
        const clip = poly.map((q) => `${((q[0] - x0) / w) * 100}% ${((q[1] - y0) / hh) * 100}%`).join(', ');
        const name = zoneWords(z);
        const here = colours.filter((c) => count(z.id, c) > 0);
        // The words keep 3 px off the zone's sides (a hexagon's slanted
        // sides take a third of its box at the words' height).
        const room = px ? ((w / board.width) * px) * (poly.length > 4 ? 0.66 : 0.97) - 6 : 0;
        const zfs = fitName(name, room, fs);
        // The button is the zone's shape; its words lie above it, inside it.
        return html`<${Fragment} key=${z.id}><button type="button" class="zonepick" data-zone-pick=${z.id} title=${name} aria-label=${`${name}: add a ${colour} cube`}
          onClick=${() => tap(z.id)}
          style=${`position:absolute;left:${(x0 / board.width) * 100}%;top:${(y0 / board.height) * 100}%;width:${(w / board.width) * 100}%;height:${(hh / board.height) * 100}%;clip-path:polygon(${clip});background:#f4ead2;border:0;padding:0;margin:0;cursor:pointer;transform:scale(.97)`}></button>
          <span aria-hidden="true" data-zone-name=${z.id} style=${`position:absolute;left:${(cx / board.width) * 100}%;top:${(cy / board.height) * 100}%;transform:translate(-50%,-50%);width:max-content;max-width:${room ? room + 'px' : (w / board.width) * 90 + '%'};font-size:${zfs}px;text-align:center;line-height:1.15;pointer-events:none;z-index:1;color:#1b1400;text-shadow:0 0 3px #f4ead2,0 0 3px #f4ead2`}>
            <span class="zname">${name.split(', ').map((part, k) => html`${k ? html`<br />` : null}${part}`)}</span>
            ${here.length ? html`<span style="display:flex;gap:.25em;justify-content:center;margin-top:.2em">${here.map((c) => html`<span key=${c} data-count=${c}
              style=${`display:inline-block;min-width:1.6em;height:1.6em;line-height:1.6em;border-radius:50%;background:${colourOf(c)};color:#fff;font-weight:bold;border:2px solid #fff;text-shadow:none`}>${count(z.id, c)}</span>`)}</span>` : null}
          </span></${Fragment}>`;
      })}
    </div>
    <div class="row" style="display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0">
      <button type="button" class="btn" data-zone-pick="redrop" style="min-height:48px" onClick=${() => tap('redrop')}>${`On a border (drop again)${colours.some((c) => count('redrop', c)) ? ': ' + colours.filter((c) => count('redrop', c)).map((c) => `${count('redrop', c)} ${c}`).join(', ') : ''}`}</button>
      <button type="button" class="btn" data-act="read-undo" style="min-height:48px" onClick=${undo} disabled=${!taps.current.length}>Take the last one back</button>
      <button type="button" class="btn" data-act="read-clear" style="min-height:48px" onClick=${clear}>Clear the board</button>
    </div>
    <details class="readcounts"><summary style="min-height:48px;display:flex;align-items:center">The counts, as numbers</summary>
    <table class="tally readgrid">
      <tr><th></th>${colours.map((c) => html`<th key=${c} style=${`color:${colourOf(c)}`}>${c}</th>`)}</tr>
      ${[...zs.map((z) => z.id), 'redrop'].map((z) => html`<tr key=${z}><th>${z === 'redrop' ? 'on a border (drop again)' : zoneWords(zs.find((x) => x.id === z) || z)}</th>
        ${colours.map((c) => html`<td key=${c}><input type="number" min="0" max="40" inputmode="numeric" data-zone=${z} data-colour=${c}
          aria-label=${`${c} cubes ${z === 'redrop' ? 'on a border' : 'in ' + zoneWords(zs.find((x) => x.id === z) || z)}`}
          onInput=${() => setTick((n) => n + 1)}
          defaultValue=${String((z === 'redrop' ? redrop[c] : (cubes[c] || {})[z]) || '')} /></td>`)}</tr>`)}
    </table></details>
  </div>`;
}

/**
 * gridValue reads a read by hand as the battle's read JSON {cubes, redrop}.
 * @param {Element|null} el the read or an element holding it
 */
export function gridValue(el) {
  const read = { cubes: {}, redrop: {} };
  if (!el) return read;
  el.querySelectorAll('input[data-zone]').forEach((i) => {
    const inp = /** @type {HTMLInputElement} */ (i);
    const n = Number(inp.value || 0);
    if (!n) return;
    if (inp.dataset.zone === 'redrop') read.redrop[inp.dataset.colour] = n;
    else (read.cubes[inp.dataset.colour] ||= {})[inp.dataset.zone] = n;
  });
  return read;
}

/**
 * readGrid is ReadGrid for DOM code (the score page, the read correction):
 * an element whose value() is the read.
 * @param {string[]} colours @param {any} [start] @param {string} [id]
 * @returns {HTMLElement & {value: () => any}}
 */
export function readGrid(colours, start, id = 'read-grid') {
  const el = /** @type {any} */ (document.createElement('div'));
  render(html`<${ReadGrid} colours=${colours} start=${start} id=${id} />`, el);
  el.value = () => gridValue(el);
  return el;
}

/**
 * readCorrection is the camera's read corrected by hand on the picture of
 * the board, started from what the camera saw, offering every colour of
 * the battle (the camera may have missed one, or seen one that is not in
 * it) as well as the camera's.
 * @param {any} read a proposed read
 * @param {any} [snap] the table
 * @returns {{el: HTMLElement, value: () => any}}
 */
export function readCorrection(read, snap) {
  const inner = read.action && read.action.read;
  if (!inner) {
    const area = document.createElement('textarea');
    area.rows = 4;
    area.className = 'mono';
    area.value = JSON.stringify(read.action, null, 1);
    return { el: area, value: () => JSON.parse(area.value) };
  }
  if (snap && snap.view) noteZones(snap.view);
  const colours = [...new Set([...battleColours(), ...Object.keys(inner.cubes || {}), ...Object.keys(inner.redrop || {})])];
  const grid = readGrid(colours, inner);
  return { el: grid, value: () => ({ ...read.action, read: grid.value() }) };
}

// ----- the battle shown -----

/** needOf finds the battle's "what now" (battle.Need) in a pending battle. */
export function needOf(b, view) {
  return b.need || (b.state && b.state.need) || (view && (view.battleNeed || view.need)) || null;
}

/** sidesOf names and paints the two sides of a pending battle. */
function sidesOf(view, b) {
  const att = player(view, b.attacker), def = b.defender >= 0 ? player(view, b.defender) : null;
  const defName = def ? def.name : (b.merchant ? b.merchant.name || 'a merchant ship' : (b.buildings && b.buildings.length ? b.buildings.join(' and ') : 'the defence'));
  return { att, def, names: [att ? att.name : '?', defName], cols: [pcol(view, b.attacker), def ? colourOf(def.colour) : '#888'] };
}

/**
 * StrengthBars compares the two sides' strength: each side's name on a line
 * of its own above its bar, the number inside the bar's row, in HTML so the
 * words keep their size (16 px on the tablet, 14 px on a phone) whatever
 * the panel's width (an SVG scaled to a phone drew them at 7 px).
 */
function StrengthBars({ need, names, cols }) {
  const st = need.strength || [0, 0];
  const max = Math.max(4, st[0], st[1]);
  return html`<div class="strength" role="img" aria-label=${`strength ${st[0]} to ${st[1]}`}>
    ${[0, 1].map((i) => html`<div key=${i} class="sbar">
      <div class="sname">${names[i]}</div>
      <div class="srow"><span class="sfill" style=${`width:${Math.round(100 * (st[i] / max) * 0.7)}%;background:${cols[i]}`}></span>
        <span class="snum">${plural(st[i], 'strength', 'strength')}</span></div>
    </div>`)}
  </div>`;
}

function NeedPanel({ need, names, cols, view }) {
  const who = { attacker: names[0], defender: names[1], table: 'the table', both: 'both sides' }[need.who] || need.who || '';
  const drop = need.drop ? Object.entries(need.drop).filter(([, n]) => n > 0) : [];
  const kind = { drop: 'Drop', ability: 'Drop (ability)', redrop: 'Drop again (balanced on a border)', explode: 'Exploding shot: drop' }[need.dropKind] || 'Drop';
  return html`<div class="need" id="battle-need">
    <div class="phase">${`Step: ${need.phase}`}${who ? ` · waiting for ${who}` : ''}${need.waitingOn && need.waitingOn.length ? ` (${need.waitingOn.map((x) => pname(view, x)).join(' or ')} may act)` : ''}</div>
    ${drop.length ? html`<div class="drop big-turn">${kind + ' '}${drop.map(([c, n]) => html`<span key=${c} class="chip" style=${`--c:${colourOf(c)}`}>${`${n} ${c}`}</span>`)}</div>` : null}
    <div class="cubes">${[0, 1].map((i) => html`<div key=${i} class="sidecubes" style=${`--c:${cols[i]}`}>
      <strong>${`${names[i]}: ${plural((need.cubes || [])[i] ?? 0, 'cube')}`}</strong>
      <ul>${((need.reasons || [])[i] || []).map((r, j) => html`<li key=${j}>${`${r.cubes} – ${r.why || r.source}`}</li>`)}</ul>
    </div>`)}</div>
    ${need.strength ? html`<${StrengthBars} need=${need} names=${names} cols=${cols} />` : null}
    ${need.usable && need.usable.length ? html`<div>Abilities still usable: ${need.usable.map((id) => describeAbility(view, id).text).join(', ')}</div>` : null}
    ${need.plunder ? html`<div>Plunder to place: ${Object.entries(need.plunder).map(([role, p]) => `${role === 'attacker' ? names[0] : names[1]}: ${p.cargo} cargo, ${plural(p.coins, 'coin')}, ${p.choice} of either`).join('; ')}</div>` : null}
  </div>`;
}

const TALLY = [['strength', 'strength', 'strength'], ['explode', 'exploding shot', 'exploding shots'], ['cargo', 'cargo', 'cargo'], ['coin', 'coin', 'coins'],
  ['cargo_or_coin', 'cargo or coin', 'cargo or coin'], ['damage', 'damage', 'damage']];

/**
 * Fight is the battle being fought (view.battle): the tally and the outcome.
 * The tally is a card per side, each category a line ("3 strength",
 * "1 damage"), so it fits a 390 px phone without scrolling sideways (a
 * table of seven columns did not).
 */
function Fight({ view, bv }) {
  const names = bv.sides.map((x) => x.name), cols = bv.sides.map((x) => colourOf(x.colour));
  const o = bv.outcome;
  const w = o && o.winner === 'attacker' ? 0 : 1;
  return html`<div class="fight">
    <div class="tally-sides" id="battle-tally" aria-label="on the board">
      ${bv.sides.map((side, i) => html`<div key=${i} class="tside" style=${`--c:${cols[i]}`}>
        <div class="tname">${side.name}</div>
        <ul>${TALLY.map(([k, one, many]) => {
          const n = (bv.tally[i] || {})[k] || 0;
          return html`<li key=${k} class=${n ? '' : 'zero'} data-tally=${k}><span class="tn">${n}</span> ${n === 1 ? one : many}</li>`;
        })}</ul>
      </div>`)}
    </div>
    ${bv.error ? html`<p class="warn">${bv.error.message || String(bv.error)}</p>` : null}
    ${o ? html`<div class="outcome" id="battle-outcome">
      <h3>${`${names[w]} wins the battle ${(o.strength || [])[w] ?? ''} to ${(o.strength || [])[1 - w] ?? ''}`}</h3>
      ${tied(o) ? html`<p class="tie-note">A tie: the player whose turn it is wins it (p. 19). Damage cubes do not count toward strength.</p>` : null}
      <ul>${(o.sides || []).map((sd, i) => html`<li key=${i}>${`${names[i]}: ${sd.damage || 0} damage taken`}${sd.ship && (sd.ship.cargo || sd.ship.coins) ? `, plunder to the ship: ${sd.ship.cargo} cargo and ${plural(sd.ship.coins, 'coin')}` : ''}${sd.sinks ? ' – the ship sinks!' : ''}</li>`)}</ul>
      ${o.toMercantile ? html`<p>The losing pirate ship turns mercantile (p. 18).</p>` : null}
      ${o.blockaded >= 0 ? html`<p>${`${pname(view, o.blockaded)} is blockaded there (p. 18).`}</p>` : null}
    </div>` : null}
  </div>`;
}

/**
 * tied says whether the outcome's two strengths are equal: the heading's
 * "wins 0 to 0" then needs the tie rule beside it, or it reads as a bug.
 * @param {any} o
 */
function tied(o) {
  const st = o.strength || [];
  return st.length === 2 && st[0] === st[1];
}

/** CameraSlot is where the page's one live picture goes (the shell moves it in). */
function CameraSlot() {
  useLayoutEffect(() => { placeCamera(); });
  return html`<div class="camera-slot"></div>`;
}

const CAUSE = { 'pirate-stop': 'stopped on a pirate ship (p. 10)', 'attack-flag': 'attack flag (p. 15)', 'pirate-choice': 'chose to fight a pirate ship (p. 12)', merchant: 'attacked a merchant ship (p. 10)', building: 'attacked a building (p. 20)' };

/** involves says whether seat fights in the view's pending battle. */
export function involves(view, seat) {
  const b = (view.battles || [])[0];
  return !!b && seat >= 0 && (b.attacker === seat || b.defender === seat);
}

/**
 * BattlePanel is the battle on the table: each pending battle's sides, the
 * step it waits for and its tally, with the camera's picture; the last
 * battle's outcome once it is over. With steps, the forms of the step and
 * the by-hand outcome come inside it (a phone whose player fights: at the
 * top of the page). Renders nothing when there is no battle.
 * @param {{view: any, ctx: any, steps?: boolean}} props
 */
export function BattlePanel({ view, ctx, steps = false }) {
  noteZones(view);
  const bs = view.battles || [];
  const bv = view.battle;
  if (!bs.length && !bv) return null;
  return html`<section class=${'battle' + (bs.length ? '' : ' over')} id="battle">
    ${bs.map((b) => {
      const { names, cols } = sidesOf(view, b);
      const need = needOf(b, view);
      return html`<div class="battlecard" key=${b.id}>
        <h2>⚔ Battle at ${placeName(view, b.at)}</h2>
        <div class="sides">
          <div class="side-a" style=${`--c:${cols[0]}`}><div class="who">${names[0]}</div><div class="muted">attacks</div></div>
          <div class="vs">vs</div>
          <div class="side-d" style=${`--c:${cols[1]}`}><div class="who">${names[1]}</div>
            ${b.merchant && b.merchant.cubes ? html`<div class="muted">${`drops ${plural(b.merchant.cubes, 'black cube')}`}</div>` : null}</div>
        </div>
        <p class="muted">${CAUSE[b.cause] || b.cause || b.kind || ''}</p>
        ${need ? html`<${NeedPanel} need=${need} names=${names} cols=${cols} view=${view} />`
          : html`<p>${b.started ? 'Cubes are down: read the board (the camera proposes a read), then resolve abilities in turn (p. 19).' : 'Take battle cubes: one per cannon used (p. 17); the defender plays cards after the attacker (p. 18).'}</p>`}
        ${bv && bv.id === b.id ? html`<${Fight} view=${view} bv=${bv} />` : null}
        ${ctx.camera ? html`<${CameraSlot} />` : html`<p class="muted">No camera on this table: type the read in by hand when asked.</p>`}
      </div>`;
    })}
    ${bv && !bs.some((b) => b.id === bv.id) ? html`<div class="battlecard done" key="done">
      <h2>${`⚔ The battle at ${placeName(view, bv.at)}: ${bv.sides.map((x) => x.name).join(' vs ')}`}</h2>
      <${Fight} view=${view} bv=${bv} />
    </div>` : null}
    ${steps && bs.length ? html`<div class="dr-actions battle-forms">
      <${BattleSteps} view=${view} ctx=${ctx} />
      <${OutcomeForm} view=${view} ctx=${ctx} />
    </div>` : null}
  </section>`;
}

// ----- the step's forms -----

/** describeAbility names a usable battle ability ("seat/card/source/index"). */
function describeAbility(view, id) {
  const [seatS, cid, source, idx] = String(id).split('/');
  const c = inPlay(player(view, Number(seatS)) || {}).find((x) => x.id === cid);
  const src = c && abilitiesOf(view, c).find((x) => x.source === source);
  const ab = src && src.known ? src.abilities[Number(idx)] : null;
  return { card: c, ab, text: c ? `${cardName(c)}: ${ab ? optionText(ab.options[0], c) : 'ability ' + idx}` : String(id) };
}

/**
 * useStep sends battle-step actions for a seat, keeping the refusal to
 * show beside the button.
 * @returns {[(st: any, seat?: number) => Promise<boolean>, any]}
 */
function useStep(ctx) {
  const [err, setErr] = useState(/** @type {any} */ (null));
  const step = (st, seat) => {
    setErr(null);
    if (ctx.readOnly) return Promise.resolve(false);
    return ctx.submit({ type: 'battle-step', seat: seat ?? -1, ...st }, { shown: true }).then(() => true, (e) => { setErr(e); return false; });
  };
  return [step, err];
}

/** Cannons: the attacker's cannons used, one battle cube each (p. 17). */
function Cannons({ view, b, ctx }) {
  const att = player(view, b.attacker) || {};
  const shipC = (att.ship || {}).cannons || 0;
  const cards = inPlay(att).filter((c) => c.cannons);
  const [set, setSet] = useState(/** @type {any} */ (null));
  const v = set || Object.fromEntries([['ship', shipC], ...cards.map((c) => [c.id, c.cannons])]);
  const usedC = (view.turn || {}).cannonsUsed || {};
  const [step, err] = useStep(ctx);
  const go = () => {
    const cannons = {};
    for (const [k, n] of Object.entries(v)) if (n || k === 'ship') cannons[k] = n || 0;
    step({ step: 'cannons', role: 'attacker', cannons }, b.attacker);
  };
  return html`<div class="fbody">
    <${Note} text=${`${att.name || 'The attacker'}: the cannons used, one battle cube each.`} />
    <${Stepper} label=${`the ship’s cannons (${shipC})`} k="ship" value=${v.ship || 0} max=${shipC} set=${(n) => setSet({ ...v, ship: n })} />
    ${cards.map((c) => html`<${Stepper} key=${c.id} label=${`${cardName(c)} (${c.cannons})${usedC[`${b.attacker}/${c.id}`] ? ' – used this turn' : ''}`} k=${c.id} value=${v[c.id] || 0} max=${c.cannons} set=${(n) => setSet({ ...v, [c.id]: n })} />`)}
  </div>
  <button class="btn primary wide" id="bs-cannons" onClick=${go}>Take the cubes</button>
  <${Refusal} err=${err} />`;
}

/** Defence: the cards the defender plays from hand (p. 18). */
function Defence({ view, b, ctx }) {
  const def = player(view, b.defender) || {};
  const [play, setPlay] = useState(/** @type {string[]} */ ([]));
  const inplay = new Set(inPlay(def).map((c) => c.id));
  const items = def.hand && def.hand.length
    ? def.hand.map((c) => ({ value: c.id, label: cardName(c), sub: `level ${c.level || 1}${c.cannons ? `, ${c.cannons} cannon` : ''}`, attrs: { 'data-card': c.id } }))
    : deckIds().filter((id) => !inplay.has(id)).map((id) => ({ value: id, label: cardName({ id }), attrs: { 'data-card': id } }));
  const [step, err] = useStep(ctx);
  return html`<div class="fbody">
    <${Note} text=${`${def.name || 'The defender'}: tap the cards played from hand to defend, if any.`} />
    <${Toggles} items=${items} value=${play} set=${setPlay} max=${12} />
  </div>
  <button class="btn primary wide" id="bs-defend-go" onClick=${() => step({ step: 'defend', role: 'defender', play: play.slice() }, b.defender)}>Defend</button>
  <${Refusal} err=${err} />`;
}

/**
 * Read: where the cubes landed, by hand (or the camera's proposal). After
 * the first drop only the cubes dropped again are asked for: the others
 * stay where the last read saw them.
 */
function Read({ view, b, need, ctx }) {
  const again = need.dropKind && need.dropKind !== 'drop';
  const colours = Object.keys((again ? need.drop : need.inShip || need.drop) || {});
  const { names } = sidesOf(view, b);
  const byColour = {};
  const bv = view.battle;
  if (bv && bv.sides) bv.sides.forEach((x, i) => { byColour[x.colour] = names[i]; });
  const box = useRef(/** @type {HTMLDivElement|null} */ (null));
  const [step, err] = useStep(ctx);
  const drop = Object.entries(need.drop || {}).filter(([, n]) => n > 0).map(([c, n]) => plural(n, c + ' cube')).join(' and ');
  return html`<p>${again ? `Where did the ${drop} dropped again land? The others stay where they lie. (Or wait for the camera.)` : 'Where did the cubes land? (or wait for the camera)'}</p>
    <div ref=${box}><${ReadGrid} colours=${colours} id="bs-read-grid" names=${byColour} /></div>
    <button class="btn primary" id="bs-read" onClick=${() => step({ step: 'read', role: 'attacker', read: gridValue(box.current) })}>Record the read</button>
    <${Refusal} err=${err} />`;
}

/** Abilities: one battle ability in turn, or a pass (p. 19). */
function Abilities({ view, b, need, ctx }) {
  const who = need.who === 'defender' ? 'defender' : 'attacker';
  const seat = who === 'attacker' ? b.attacker : b.defender;
  const [pick, setPick] = useState(/** @type {string|null} */ (null));
  const zs = useBoard(undefined).zones;
  const [step, err] = useStep(ctx);
  const use = (id) => {
    const d = describeAbility(view, id);
    if (!d.ab || !d.ab.options[0].effects.some((e) => e.kind === 'battle-remove-cube')) { step({ step: 'ability', role: who, ability: id, zone: '' }, seat); return; }
    setPick(id);
  };
  const picked = pick && (need.usable || []).includes(pick) ? describeAbility(view, pick) : null;
  return html`<p>${`${pname(view, seat)}: use one battle ability, or pass.`}</p>
    <div class="choice">
      ${(need.usable || []).map((id) => html`<button key=${id} type="button" class="opt" data-ability=${id} aria-pressed=${String(pick === id)} onClick=${() => use(id)}>${describeAbility(view, id).text}</button>`)}
      <button class="btn primary" id="bs-pass" onClick=${() => step({ step: 'pass', role: who }, seat)}>Pass</button>
    </div>
    ${picked ? html`<div class="fbody"><${Note} text=${`${picked.text}: from which zone?`} />
      <div class="choice">${zs.map((z) => html`<button key=${z.id} type="button" class="opt" data-zone=${z.id} onClick=${() => step({ step: 'ability', role: who, ability: pick, zone: z.id }, seat)}>${zoneWords(z)}</button>`)}</div></div>` : null}
    <${Refusal} err=${err} />`;
}

/**
 * PlunderSide places one side's plunder (p. 19): the either-items split
 * into cargo and coins, then on the ship (its free hold space) and, at an
 * island, on the island; what is not placed goes back to the supply.
 */
function PlunderSide({ view, role, due, seat, ctx }) {
  const gn = due.gains || {};
  const [set, setSet] = useState(/** @type {any} */ (null));
  const free0 = due.holdFree ?? 99;
  let v = set;
  if (!v) {
    const cargo = (due.cargo || 0) + (due.choice || 0) + (gn.cargo || 0), coins = (due.coins || 0) + (gn.coins || 0);
    const shipCargo = Math.min(cargo, due.holdFree ?? cargo);
    v = { choice: 0, ship: { cargo: shipCargo, coins: Math.min(coins, (due.holdFree ?? cargo + coins) - shipCargo) }, island: { cargo: 0, coins: 0 } };
  }
  const cargoAll = (due.cargo || 0) + (due.choice || 0) - (v.choice || 0) + (gn.cargo || 0);
  const coinsAll = (due.coins || 0) + (v.choice || 0) + (gn.coins || 0);
  // Fewer cargo after a choice: take it off the island, then the ship.
  const fit = (x) => {
    const o = { choice: x.choice, ship: { ...x.ship }, island: { ...x.island } };
    const ca = (due.cargo || 0) + (due.choice || 0) - (o.choice || 0) + (gn.cargo || 0);
    const co = (due.coins || 0) + (o.choice || 0) + (gn.coins || 0);
    for (const where of [o.island, o.ship]) {
      const over = o.ship.cargo + o.island.cargo - ca;
      if (over > 0) where.cargo = Math.max(0, where.cargo - over);
      const overK = o.ship.coins + o.island.coins - co;
      if (overK > 0) where.coins = Math.max(0, where.coins - overK);
    }
    return o;
  };
  const put = (patch) => setSet(fit({ ...v, ...patch }));
  const free = free0 - v.ship.cargo - v.ship.coins;
  const back = cargoAll - v.ship.cargo - v.island.cargo + coinsAll - v.ship.coins - v.island.coins;
  const [step, err] = useStep(ctx);
  return html`<div class="plunder">
    <strong>${`${pname(view, seat)} plunders ${due.cargo} cargo, ${plural(due.coins, 'coin')} and ${due.choice} of either` + (gn.cargo || gn.coins ? `, and gains ${gn.cargo || 0} cargo and ${plural(gn.coins || 0, 'coin')}` : '')}</strong>
    <button class="btn primary wide place" id=${'bs-plunder-' + role} onClick=${() => step({ step: 'plunder', role, plunder: { choiceCoins: v.choice || 0,
      ship: { cargo: v.ship.cargo, coins: v.ship.coins }, island: { cargo: v.island.cargo, coins: v.island.coins } } }, seat)}>Place the plunder</button>
    <div class="fbody">
      ${due.choice ? html`<${Stepper} label=${`coins among the ${due.choice} cargo-or-coin`} k="choice" value=${v.choice || 0} max=${due.choice} set=${(n) => put({ choice: n })} />` : null}
      <${Stepper} label="cargo on the ship" k="cargo" value=${v.ship.cargo} max=${Math.min(cargoAll - v.island.cargo, v.ship.cargo + free)} set=${(n) => put({ ship: { ...v.ship, cargo: n } })} />
      <${Stepper} label="coins on the ship" k="coins" value=${v.ship.coins} max=${Math.min(coinsAll - v.island.coins, v.ship.coins + free)} set=${(n) => put({ ship: { ...v.ship, coins: n } })} />
      ${due.island ? html`<${Stepper} label="cargo on the island" k="island-cargo" value=${v.island.cargo} max=${cargoAll - v.ship.cargo} set=${(n) => put({ island: { ...v.island, cargo: n } })} />
        <${Stepper} label="coins on the island" k="island-coins" value=${v.island.coins} max=${coinsAll - v.ship.coins} set=${(n) => put({ island: { ...v.island, coins: n } })} />` : null}
    </div>
    <p class="fsum">${`${cargoAll} cargo and ${plural(coinsAll, 'coin')}: ${back} back to the supply`}</p>
    <${Refusal} err=${err} />
  </div>`;
}

/**
 * BattleSteps are the forms for the step the pending battle waits for, as
 * battle-step actions (docs/battles.md). Nothing when no battle waits.
 * @param {{view: any, ctx: any}} props
 */
export function BattleSteps({ view, ctx }) {
  const b = (view.battles || [])[0];
  const need = b && needOf(b, view);
  if (!need) return null;
  // A phone acts for its own player only: the other side's step is theirs
  // (on their phone or the tablet); the tablet offers every step.
  const side = { cannons: b.attacker, defence: b.defender, abilities: need.who === 'defender' ? b.defender : b.attacker }[need.phase];
  if (ctx.seat >= 0 && side !== undefined && side !== ctx.seat) {
    return html`<fieldset class="explore battle-steps" id="battle-steps" key=${b.id + ':' + need.phase + ':wait'}>
      <legend>Battle: ${need.phase}</legend>
      <p class="muted">${`Waiting for ${pname(view, side)}: on their phone or the tablet.`}</p>
    </fieldset>`;
  }
  let body;
  switch (need.phase) {
    case 'cannons': body = html`<${Cannons} view=${view} b=${b} ctx=${ctx} />`; break;
    case 'defence': body = html`<${Defence} view=${view} b=${b} ctx=${ctx} />`; break;
    case 'ready': body = html`<${Ready} ctx=${ctx} />`; break;
    case 'read': body = html`<${Read} view=${view} b=${b} need=${need} ctx=${ctx} key=${need.dropKind + JSON.stringify(need.drop || {})} />`; break;
    case 'abilities': body = html`<${Abilities} key=${need.who} view=${view} b=${b} need=${need} ctx=${ctx} />`; break;
    case 'plunder': body = Object.entries(need.plunder || {}).filter(([role]) => ctx.seat < 0 || (role === 'attacker' ? b.attacker : b.defender) === ctx.seat).map(([role, due]) => html`<${PlunderSide} key=${role} view=${view} role=${role} due=${due}
      seat=${role === 'attacker' ? b.attacker : b.defender} ctx=${ctx} />`); break;
    default: body = html`<p class="muted">Waiting for the battle to finish.</p>`;
  }
  // Keyed by battle and step: a new step starts a fresh form, an update
  // within the step keeps what the player set.
  return html`<fieldset class="explore battle-steps" id="battle-steps" key=${b.id + ':' + need.phase}>
    <legend>Battle: ${need.phase}</legend>
    ${body}
  </fieldset>`;
}

/** Ready: the cubes are dropped into the tower. */
function Ready({ ctx }) {
  const [step, err] = useStep(ctx);
  return html`<button class="big primary" id="bs-drop" onClick=${() => step({ step: 'drop', role: 'attacker' })}>The cubes are dropped</button>
    <${Refusal} err=${err} />`;
}

/**
 * battleSteps is BattleSteps for DOM code (Quick battle builds it in a
 * DomPart): an element holding the step's forms.
 * @param {any} view @param {any} ctx
 * @returns {HTMLElement}
 */
export function battleSteps(view, ctx) {
  const el = document.createElement('div');
  render(html`<${BattleSteps} view=${view} ctx=${ctx} />`, el);
  return el;
}

// ----- the battle by hand -----

/**
 * OutcomeForm records a battle fought without the steps (or that cannot go
 * on): who won, damage, plunder, the cards the defender played, the
 * Merchant ship kept (record-battle-outcome, pp. 17-21). Open by itself
 * when the battle has no step to follow.
 * @param {{view: any, ctx: any}} props
 */
export function OutcomeForm({ view, ctx }) {
  const b = (view.battles || [])[0];
  if (!b) return null;
  return html`<${Outcome} key=${'outcome:' + b.id} view=${view} ctx=${ctx} b=${b} />`;
}

function Outcome({ view, ctx, b }) {
  const need = needOf(b, view);
  // Open by itself when the steps cannot go on (none to follow, or an error).
  const stuck = !!(b.error || (view.battle && view.battle.error) || !need);
  const [open, setOpen] = useState(stuck);
  useEffect(() => { if (stuck) setOpen(true); }, [stuck]);
  const [won, setWon] = useState('attacker');
  const [dmgA, setDmgA] = useState(0);
  const [dmgD, setDmgD] = useState(0);
  const [kept, setKept] = useState(false);
  const [played, setPlayed] = useState(/** @type {string[]} */ ([]));
  const [pa, setPa] = useState(/** @type {any} */ ({}));
  const [pd, setPd] = useState(/** @type {any} */ ({}));
  const [ia, setIa] = useState({ cargo: 0, coins: 0 });
  const [id, setId] = useState({ cargo: 0, coins: 0 });
  const [err, setErr] = useState(/** @type {any} */ (null));
  const att = player(view, b.attacker), def = b.defender >= 0 ? player(view, b.defender) : null;
  const kind = b.kind || (b.merchant ? 'merchant' : def ? 'ship' : 'building');
  const island = (view.boards || []).some((x) => posKey(x.at) === posKey(b.at) && x.island);
  const room = (x, g) => ({ cargo: x.cap - x.cargo - x.coins - (g.coins || 0), coins: x.cap - x.cargo - x.coins - (g.cargo || 0) });
  const onIsland = (who, o, set) => (island ? html`<${Stepper} label=${`${who}: cargo on the island`} k="cargo-island" value=${o.cargo} max=${20} set=${(n) => set({ ...o, cargo: n })} />
    <${Stepper} label=${`${who}: coins on the island`} k="coins-island" value=${o.coins} max=${20} set=${(n) => set({ ...o, coins: n })} />` : null);
  const send = () => {
    if (ctx.readOnly) return;
    setErr(null);
    /** @type {any} */
    const a = { type: 'record-battle-outcome', seat: -1, attackerWon: won === 'attacker' };
    if (dmgA) a.damageToAttacker = dmgA;
    if (dmgD) a.damageToDefender = dmgD;
    const plunder = (hs, isl) => {
      const o = {};
      if (Object.keys(hs).length) o.holds = hs;
      if (isl.cargo || isl.coins) o.island = { cargo: isl.cargo || 0, coins: isl.coins || 0 };
      return Object.keys(o).length ? o : undefined;
    };
    a.attackerPlunder = plunder(goodsJSON(pa), ia);
    a.defenderPlunder = plunder(goodsJSON(pd), id);
    if (kept) a.merchantKept = true;
    if (played.length) a.defenderPlayed = played.slice();
    ctx.submit(a, { shown: true }).then(() => setOpen(false), setErr);
  };
  const playedIds = new Set(def ? (def.played || []).concat(def.playedOffTurn || []).map((c) => c.id) : []);
  return html`<details class="fpanel" id="f-outcome" open=${open} onToggle=${(e) => setOpen(e.currentTarget.open)}>
    <summary><span class="ftitle">The battle by hand</span><span class="fsub">who won, damage, plunder</span></summary>
    ${open ? html`<div class="fbody">
      <${Note} text="When the battle was fought without the steps above (or they cannot go on), say how it ended." />
      <${Choice} cls="modes" value=${won} set=${setWon} items=${[
        { value: 'attacker', label: `${att ? att.name : 'The attacker'} won`, attrs: { 'data-won': 'attacker' } },
        { value: 'defender', label: `${def ? def.name : (b.merchant && b.merchant.name) || 'the defence'} won`, attrs: { 'data-won': 'defender' } }]} />
      <${Note} text="Damage from damage zones and abilities (the loser’s 1 damage is added by itself):" />
      <${Stepper} label=${`damage to ${att ? att.name : 'the attacker'}`} k="dmgA" value=${dmgA} max=${5} set=${setDmgA} />
      ${def && kind === 'ship' ? html`<${Stepper} label=${`damage to ${def.name}`} k="dmgD" value=${dmgD} max=${5} set=${setDmgD} />` : null}
      ${kind !== 'building' && att ? html`<${Note} text=${`${att.name}’s plunder: cargo and coins onto the ship${island ? ' or the island' : ''} (p. 19)`} />
        <div class="plunder-a"><${GoodsEditor} me=${att} g=${pa} set=${setPa} lim=${room} /></div>${onIsland(att.name, ia, setIa)}` : null}
      ${kind === 'ship' && def ? html`<${Note} text=${`${def.name}’s plunder: cargo and coins onto the ship${island ? ' or the island' : ''} (p. 19)`} />
        <div class="plunder-d"><${GoodsEditor} me=${def} g=${pd} set=${setPd} lim=${room} /></div>${onIsland(def.name, id, setId)}
        <${Note} text=${`Cards ${def.name} played from hand to defend:`} />
        <${Toggles} items=${deckIds().filter((x) => !playedIds.has(x)).map((x) => ({ value: x, label: cardName({ id: x }) }))} value=${played} set=${setPlayed} max=${12} />` : null}
      ${kind === 'merchant' ? html`<label class="check"><input type="checkbox" id="outcome-kept" checked=${kept} onChange=${(e) => setKept(e.currentTarget.checked)} /> the winner keeps the Merchant ship as an advancement</label>` : null}
      <button class="btn primary wide" id="act-record-outcome" onClick=${send}>Record the outcome</button>
      <${Refusal} err=${err} />
    </div>` : null}
  </details>`;
}

// ----- a camera read -----

/** ReadSummary shows what the camera read: per colour, the zones in words. */
function ReadSummary({ read }) {
  const a = read.action || {};
  const r = a.read || a;
  const head = html`<p>${`The camera saw ${plural(read.cubes, 'cube')}` + (read.dropped >= 0 ? `; the tower counted ${read.dropped}.` : '.')}</p>`;
  if (!r.cubes) return html`<div>${head}<pre class="mono">${JSON.stringify(a, null, 1)}</pre></div>`;
  const zs = [...new Set(Object.values(r.cubes).flatMap((z) => Object.keys(z)))];
  return html`<div>${head}<table class="tally" id="read-tally">
    <tr><th></th>${zs.map((z) => html`<th key=${z} data-zone=${z}>${zoneWords(z)}</th>`)}<th>drop again</th></tr>
    ${Object.entries(r.cubes).map(([col, z]) => html`<tr key=${col}><th style=${`color:${colourOf(col)}`}>${col}</th>${zs.map((k) => html`<td key=${k}>${z[k] || 0}</td>`)}<td>${(r.redrop || {})[col] || 0}</td></tr>`)}
  </table></div>`;
}

/**
 * readSummary is ReadSummary for the shell's notice (a DOM node).
 * @param {any} read
 * @returns {HTMLElement}
 */
export function readSummary(read) {
  const el = document.createElement('div');
  render(html`<${ReadSummary} read=${read} />`, el);
  return el;
}
