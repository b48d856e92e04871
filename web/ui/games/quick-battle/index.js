// @ts-check
// Quick battle's screen module (engine/quickbattle): one Dead Reckoning
// battle after another without a tracked game. The table shows who fights
// whom, what to drop now, the board as read and the outcome in words; the
// Act panel takes the battle's steps with Dead Reckoning's battle forms
// (battleSteps: the drop and the plunder), the read typed by hand when
// there is no camera, and "Another battle" once it is over. The camera's
// proposed read is summed up and corrected here with the battle's colours
// and the board's zones named by what they give.

import { html, useState, useRef, DomPart } from '../../js/view.js';
import { h, fill, errorText } from '../../js/ui.js';
import { battleSteps } from '../dead-reckoning/battle.js';

/** @typedef {import('./types.gen.js').QBView} View */

// Dead Reckoning's battle styles, then ours, after the shell's.
for (const href of ['../dead-reckoning/dr.css', './qb.css']) {
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = new URL(href, import.meta.url).href;
  document.head.append(css);
}

/** accepts says whether this module can show the view. */
export function accepts(view) {
  return !!(view && Array.isArray(view.sides) && view.battle && typeof view.number === 'number');
}

/**
 * title is the table page's title.
 * @param {View} view
 */
export function title(view) {
  return `Quick battle ${view.number} · ${view.sides[0].name} against ${view.sides[1].name}`;
}

// ---------- the board's zones, in words ----------

/** @type {Promise<Array<{id: string, effects?: Array<{kind: string, n: number}>}>>|null} */
let zonesP = null;
/** zones are the battle board's zones (the camera's board, else the default). */
function zones() {
  if (!zonesP) {
    zonesP = fetch('/api/layout').then((r) => r.json()).then((l) => (l && l.zones) || []).catch(() => { zonesP = null; return []; });
  }
  return zonesP;
}

const EFFECT = { strength: 'strength', cargo: 'cargo', coin: 'coin', cargo_or_coin: 'cargo or coin', damage: 'damage' };

/**
 * zoneLabel names a zone by what a cube there gives, and where it is when
 * two zones give the same: "1 strength (left)", "exploding shot".
 * @param {{id: string, effects?: Array<{kind: string, n: number}>}} z
 */
function zoneLabel(z) {
  const fx = (z.effects || []).map((e) => (e.kind === 'explode' ? 'exploding shot'
    : e.kind === 'strength' ? `${e.n} strength` : `${e.n > 1 ? e.n + ' ' : ''}${EFFECT[e.kind] || e.kind}`));
  const where = (z.id.match(/(left|right|top|bottom)$/) || [])[1];
  return (fx.join(' + ') || z.id) + (where ? ` (${where})` : '');
}

/**
 * cubeWords reads {purple: 3, green: 1} as "3 purple cubes and 1 green cube":
 * each count with its own noun, as the engine says it.
 */
function cubeWords(m) {
  const parts = Object.entries(m || {}).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c} ${n === 1 ? 'cube' : 'cubes'}`);
  if (!parts.length) return 'no cubes';
  return parts.length > 1 ? parts.slice(0, -1).join(', ') + ' and ' + parts[parts.length - 1] : parts[0];
}

// ---------- the table ----------

/**
 * Table is the battle: the sides, what to do now, the board as read, the
 * outcome and the earlier battles.
 * @param {{view: View, ctx: any}} props
 */
export function Table({ view, ctx }) {
  const b = view.battle;
  const need = b.need || /** @type {any} */ ({});
  const names = b.sides.map((s) => s.name);
  const cols = b.sides.map((s) => ctx.colour(s.colour));
  const side = (i) => view.sides[i];
  // The battle just over is in past too; its outcome is shown above.
  const earlier = (view.past || []).filter((p) => p.number !== (b.outcome ? view.number : -1));
  return html`<section class="battle qb" id="qb-battle">
    <div class="sides">
      <div class="side-a" style=${'--c:' + cols[0]}><div class="who">${names[0]}</div><div class="muted qbsub">attacks: ${cubeWords({ [side(0).colour]: side(0).cubes })}</div></div>
      <div class="vs">vs</div>
      <div class="side-d" style=${'--c:' + cols[1]}><div class="who">${names[1]}</div><div class="muted qbsub">defends: ${cubeWords({ [side(1).colour]: side(1).cubes })}</div></div>
    </div>
    ${b.outcome ? null : html`<${Now} view=${view} need=${need} id="qb-now" camera=${ctx.camera} />`}
    ${need.phase === 'ready' ? null : html`<${Tally} view=${view} cols=${cols} />`}
    ${b.outcome ? html`<div class="outcome" id="qb-outcome">
      <h3>${(view.said || [])[0]}</h3>
      <ul>${(view.said || []).slice(1).map((s, i) => html`<li key=${i}>${s}</li>`)}</ul>
    </div>` : null}
    ${ctx.camera ? html`<${DomPart} deps=${[]} build=${() => ctx.cameraSlot()} />`
      : html`<p class="muted">No camera on this table: type where the cubes landed in the Act panel.</p>`}
    ${earlier.length ? html`<details class="qbpast"><summary>Earlier battles at this table</summary>
      <ol>${earlier.map((p) => html`<li key=${p.number} value=${p.number}>${p.said}</li>`)}</ol></details>` : null}
  </section>`;
}

/**
 * Now says what the table does now, in big words: what to drop, or whose
 * plunder is to be placed.
 * @param {{view: View, need: any, id: string, camera: boolean}} props
 */
function Now({ view, need, id, camera }) {
  const names = view.battle.sides.map((s) => s.name);
  let say = '';
  switch (need.phase) {
    case 'ready': {
      /** @type {Record<string, number>} */
      const all = {};
      view.sides.forEach((s) => { all[s.colour] = s.cubes; });
      say = `Gather ${cubeWords(all)}, then drop them all at once into the tower.`;
      break;
    }
    case 'read':
      say = {
        explode: `Exploding shot! Drop ${cubeWords(need.drop)} into the tower (each exploding cube with one more); leave the other cubes where they lie.`,
        redrop: `Drop again ${cubeWords(need.drop)} that balanced on a border; leave the other cubes where they lie.`,
      }[need.dropKind] || `The cubes are down: ${cubeWords(need.drop)}. ${camera ? 'The camera reads the board.' : 'Type where they landed.'}`;
      break;
    case 'plunder':
      say = 'Place the plunder: ' + Object.keys(need.plunder || {}).map((r) => names[r === 'attacker' ? 0 : 1]).join(' and ') + '.';
      break;
    default:
      say = 'Waiting for the battle to go on.';
  }
  return html`<p class="big-turn qbnow" id=${id} data-phase=${need.phase}>${say}</p>`;
}

// The board's totals per side (the exploding zone is always empty once
// read: its cubes are dropped again).
const TALLY = [['strength', 'strength'], ['damage', 'damage dealt'], ['cargo', 'cargo'], ['coin', 'coins'], ['cargo_or_coin', 'cargo or coin']];

/**
 * Tally is the board as last read, per side, with strength bars: one row
 * per effect, one column per side, so it fits a phone.
 * @param {{view: View, cols: string[]}} props
 */
function Tally({ view, cols }) {
  const b = view.battle;
  const st = (b.need && b.need.strength) || [0, 0];
  const top = Math.max(4, st[0], st[1]);
  return html`<div class="qbtally">
    ${b.sides.map((s, i) => html`<div key=${i} class="qbbar"><span class="qbname">${s.name}</span>
      <span class="qbfill" style=${`width:${(50 * st[i]) / top}%;background:${cols[i]}`}></span><span class="qbnum">${st[i]} strength</span></div>`)}
    <table class="tally" id="battle-tally">
      <tr><th>on the board</th>${b.sides.map((s, i) => html`<th key=${i} style=${'color:' + cols[i]}>${s.name}</th>`)}</tr>
      ${TALLY.map(([k, l]) => html`<tr key=${k}><th>${l}</th>${b.sides.map((s, i) => html`<td key=${i}>${(b.tally[i] || {})[k] || 0}</td>`)}</tr>`)}
    </table>
  </div>`;
}

// ---------- acting ----------

/**
 * Actions: the step the battle waits for, or another battle once over.
 * @param {{view: View, snap: any, ctx: any}} props
 */
export function Actions({ view, snap, ctx }) {
  // A phone shows the battle below its Act panel: what to do now (or who
  // won) comes first here, where the player looks.
  const top = ctx.seat < 0 ? null : view.battle.outcome
    ? html`<p class="big-turn qbnow" id="qb-phone-now" data-phase="done">${(view.said || [])[0]}</p>`
    : html`<${Now} view=${view} need=${view.battle.need} id="qb-phone-now" camera=${ctx.camera} />`;
  let act;
  if (view.battle.outcome) act = html`<${Another} key=${'another:' + view.number} view=${view} ctx=${ctx} />`;
  else if (view.battle.need.phase === 'read') act = html`<${ReadByHand} key=${'read:' + snap.version} view=${view} ctx=${ctx} />`;
  else act = html`<${Steps} view=${view} snap=${snap} ctx=${ctx} />`;
  return html`${top}${act}`;
}

/**
 * Steps are Dead Reckoning's battle forms (the drop, the plunder). A
 * refusal shows here, beside the buttons.
 * @param {{view: View, snap: any, ctx: any}} props
 */
function Steps({ view, snap, ctx }) {
  const [refused, setRefused] = useState(/** @type {any} */ (null));
  // One wrapped context for the forms' whole life: its form state (what
  // a stepper was set to) lives on it across redraws.
  const wrapped = useRef(/** @type {any} */ (null));
  if (!wrapped.current) {
    wrapped.current = Object.create(ctx);
    wrapped.current.submit = (a, extra) => {
      setRefused(null);
      const seat = ctx.seat >= 0 ? ctx.seat : a.seat;
      return ctx.submit({ ...a, seat }, { ...extra, shown: true }).catch((e) => { setRefused(e); throw e; });
    };
  }
  return html`<${DomPart} deps=${[snap, ctx.seat, ctx.gen]} build=${() => battleSteps(/** @type {any} */ (view), wrapped.current)} />
    ${refused ? html`<p class="fnote warn refusal" role="alert" id="qb-refused">${errorText(refused)}</p>` : null}`;
}

/**
 * ReadByHand types where the cubes landed, for a table without a camera
 * (or a camera that missed the drop).
 * @param {{view: View, ctx: any}} props
 */
function ReadByHand({ view, ctx }) {
  const [refused, setRefused] = useState(/** @type {any} */ (null));
  const grid = useRef(/** @type {any} */ (null));
  // The attacker's colour first, as everywhere on the screen.
  const colours = view.battle.sides.map((x) => x.colour).filter((c) => (view.battle.need.inShip || {})[c] !== undefined);
  const record = () => {
    setRefused(null);
    ctx.submit({ type: 'battle-step', seat: ctx.seat >= 0 ? ctx.seat : -1, step: 'read', read: grid.current.value() }, { shown: true }).catch(setRefused);
  };
  return html`<details class="fpanel qbbyhand" id="qb-byhand" open=${!ctx.camera || undefined}>
    <summary><span class="ftitle">Type the read by hand</span><span class="fsub">${ctx.camera ? ' · or confirm the camera’s read above' : ''}</span></summary>
    <p class="fnote">Every cube now in the Battle ship: ${cubeWords(view.battle.need.inShip)}.</p>
    <${DomPart} deps=${[]} build=${() => { grid.current = readGrid(colours, null, 'qb-read-grid'); return grid.current; }} />
    <button class="btn primary" id="qb-read" onClick=${record}>Record the read</button>
    ${refused ? html`<p class="fnote warn refusal" role="alert">${errorText(refused)}</p>` : null}
  </details>`;
}

/**
 * Another starts the next battle with the same sides: each side's cubes can
 * be changed first, and between two players the defender may attack.
 * @param {{view: View, ctx: any}} props
 */
function Another({ view, ctx }) {
  // cubes[i] are view.sides[i]'s; order lists them in their new roles.
  const [cubes, setCubes] = useState(() => view.sides.map((s) => s.cubes));
  const [swap, setSwap] = useState(false);
  const [refused, setRefused] = useState(/** @type {any} */ (null));
  const merchant = view.battle.kind === 'merchant';
  const order = swap ? [1, 0] : [0, 1];
  // The attacker drops at least one cube; a Merchant ship 1 to 20 black ones.
  const lo = (i) => (i === order[0] || merchant ? 1 : 0);
  const hi = (i) => (merchant && i === 1 ? 20 : 35);
  const set = (i, d) => setCubes(cubes.map((n, k) => (k === i ? Math.min(hi(i), Math.max(lo(i), n + d)) : n)));
  const flip = () => {
    const next = !swap;
    setSwap(next);
    // The new attacker needs a cube.
    const att = next ? 1 : 0;
    if (cubes[att] < 1) setCubes(cubes.map((n, k) => (k === att ? 1 : n)));
  };
  const go = () => {
    setRefused(null);
    /** @type {any} */
    const a = { type: 'another-battle', seat: ctx.seat >= 0 ? ctx.seat : -1, attacker: { cubes: cubes[order[0]] }, defender: { cubes: cubes[order[1]] } };
    if (swap) a.swap = true;
    ctx.submit(a, { shown: true }).catch(setRefused);
  };
  return html`<section class="fpanel flat" id="qb-another-form">
    <div class="ftitle">Another battle, same sides</div>
    <div class="fbody">
      ${merchant ? null : html`<button type="button" class="btn qbswap" id="qb-swap" aria-pressed=${String(swap)} onClick=${flip}>
        ${swap ? `${view.sides[0].name} attacks again instead` : `${view.sides[1].name} attacks this time`}</button>`}
      ${order.map((i, k) => { const s = view.sides[i]; return html`<div key=${i} class="stepper" data-side=${i}>
        <span class="slabel">${s.name} ${k === 0 ? 'attacks' : 'defends'} with ${s.colour} cubes</span>
        <button type="button" class="minus" aria-label=${'one less: ' + s.name} disabled=${cubes[i] <= lo(i)} onClick=${() => set(i, -1)}>−</button>
        <output class="val">${cubes[i]}</output>
        <button type="button" class="plus" aria-label=${'one more: ' + s.name} disabled=${cubes[i] >= hi(i)} onClick=${() => set(i, 1)}>+</button>
      </div>`; })}
      <button class="big primary" id="qb-another" onClick=${go}>Another battle</button>
      ${refused ? html`<p class="fnote warn refusal" role="alert">${errorText(refused)}</p>` : null}
    </div>
  </section>`;
}

// ---------- the camera's read ----------

/**
 * readGrid is a read typed by hand: cubes per zone (named by what they
 * give) and colour, and the cubes to drop again. value() is the battle's
 * read JSON.
 * @param {string[]} colours
 * @param {any} start a read to begin from
 * @param {string} id
 */
function readGrid(colours, start, id) {
  const table = h('table', { class: 'tally readgrid qbgrid', id });
  const el = /** @type {any} */ (h('div', null, table));
  zones().then((zs) => {
    const cubes = (start && start.cubes) || {};
    const redrop = (start && start.redrop) || {};
    fill(table,
      h('tr', null, h('th', null, 'where'), colours.map((c) => h('th', null, c))),
      [...zs, { id: 'redrop' }].map((z) => h('tr', null, h('th', null, z.id === 'redrop' ? 'on a border (drop again)' : zoneLabel(z)),
        colours.map((c) => h('td', null, h('input', { type: 'number', min: 0, max: 40, inputmode: 'numeric', 'data-zone': z.id, 'data-colour': c,
          'aria-label': `${c} cubes: ${z.id === 'redrop' ? 'on a border' : zoneLabel(z)}`,
          value: (z.id === 'redrop' ? redrop[c] : (cubes[c] || {})[z.id]) || '' }))))));
  });
  el.value = () => {
    const read = { cubes: {}, redrop: {} };
    table.querySelectorAll('input').forEach((i) => {
      const n = Number(i.value || 0);
      if (!n) return;
      if (i.dataset.zone === 'redrop') read.redrop[i.dataset.colour] = n;
      else (read.cubes[i.dataset.colour] ||= {})[i.dataset.zone] = n;
    });
    return read;
  };
  return el;
}

/** battleColours are the colours of the battle shown in snap. */
function battleColours(snap) {
  const b = snap && snap.view && snap.view.battle;
  return b && b.sides ? b.sides.map((s) => s.colour) : [];
}

/**
 * readSummary says what the camera read: per colour, the zones in words.
 * @param {any} read a proposed read
 * @param {any} snap the table
 */
export function readSummary(read, snap) {
  const a = read.action || {};
  const r = a.read || {};
  const names = {};
  ((snap && snap.view && snap.view.battle && snap.view.battle.sides) || []).forEach((s) => { names[s.colour] = s.name; });
  const out = h('div', { class: 'qbread', id: 'read-tally' },
    h('p', null, `The camera saw ${read.cubes} ${read.cubes === 1 ? 'cube' : 'cubes'}` + (read.dropped >= 0 ? `; the tower counted ${read.dropped}.` : '.')));
  zones().then((zs) => {
    const label = (id) => { const z = zs.find((x) => x.id === id); return z ? zoneLabel(z) : id; };
    const list = h('ul');
    for (const [c, zm] of Object.entries(r.cubes || {})) {
      const parts = Object.entries(zm).filter(([, n]) => n > 0).map(([z, n]) => `${n} on ${label(z)}`);
      list.append(h('li', null, h('strong', null, `${names[c] || c} (${c}): `), parts.join(', ') || 'none'));
    }
    for (const [c, n] of Object.entries(r.redrop || {})) if (n > 0) list.append(h('li', null, `${n} ${c} on a border: drop again`));
    out.append(list);
  });
  return out;
}

/**
 * readCorrection is the read typed by hand, started from the camera's,
 * with every colour of the battle (the camera may have missed one).
 * @param {any} read a proposed read
 * @param {any} snap the table
 * @returns {{el: HTMLElement, value: () => any}}
 */
export function readCorrection(read, snap) {
  const inner = (read.action && read.action.read) || {};
  const colours = [...new Set([...battleColours(snap), ...Object.keys(inner.cubes || {}), ...Object.keys(inner.redrop || {})])];
  const grid = readGrid(colours, inner, 'read-grid');
  return { el: grid, value: () => ({ ...read.action, read: grid.value() }) };
}
