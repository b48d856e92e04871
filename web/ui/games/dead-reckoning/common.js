// @ts-check
// common.js: what every part of Dead Reckoning's screen shares: the game's
// printed facts (served once by the server), reading the view (players,
// places, cards, holds, effects in words) and the small widgets the forms
// are made of (steppers, rows of big buttons, a panel that opens, a
// refusal shown beside the button tapped).
//
// Widgets take their value and a setter: the state is the form
// component's own (useState), so an update from another screen, which only
// renders the form again with a new view, leaves what the player set alone.

import { html, useState, useEffect } from '../../js/view.js';
import { errorText, colourOf as shellColour } from '../../js/ui.js';

/**
 * The game's description (GET /api/rules/dead-reckoning), fetched once when
 * the module loads: the player colours and the printed facts (sailor cards,
 * achievements) that the views no longer carry.
 * @type {any}
 */
const desc = await fetch('/api/rules/dead-reckoning').then((r) => (r.ok ? r.json() : {})).catch(() => ({}));

/** @type {import('./types.gen.js').DRFacts} */
export const facts = (desc && desc.facts) || { sailors: {}, achievements: [] };

/** colours are the player colours the game offers ({id, label, css}). */
export const colours = /** @type {{id: string, label: string, css: string}[]} */ ((desc && desc.colours) || []);

/**
 * colourOf is the CSS colour to paint a player colour (or the non-players'
 * black) with on the dark table: the shell's, which knows every colour's
 * light shade (the game's own CSS colours are the cubes' darker ones).
 * @param {string} name
 */
export function colourOf(name) {
  return shellColour(name);
}

/** colourLabel is a colour as players read it ("Purple"). */
export function colourLabel(id) {
  const c = colours.find((x) => x.id === id);
  return c ? c.label : String(id || '');
}

/**
 * The move being plotted: the Move form (Act panel) and the board (the
 * table) share it, so tapping a board adds it to the path. It lives on the
 * page's ctx (one per table page) with the components that show it
 * subscribed.
 * @param {any} ctx
 * @returns {{moving: boolean, path: string[], subs: Set<() => void>, set: (patch: any) => void}}
 */
export function moveOf(ctx) {
  if (!ctx._move) {
    const m = { moving: false, path: [], subs: new Set(), set(patch) { Object.assign(m, patch); m.subs.forEach((f) => f()); } };
    ctx._move = m;
  }
  return ctx._move;
}

/** useMove renders the calling component again when the move changes. */
export function useMove(ctx) {
  const m = moveOf(ctx);
  const [, tick] = useState(0);
  useEffect(() => {
    const f = () => tick((x) => x + 1);
    m.subs.add(f);
    return () => { m.subs.delete(f); };
  }, [m]);
  return m;
}

export const norm = (x) => String(x || '').toLowerCase().replace(/[\s_]+/g, '-');
export const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + 's')}`;
export const slug = (x) => String(x).toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
export const HOLDS = ['A', 'B', 'C', 'D'];

/** @returns {any} */
export function player(view, seat) { return (view.players || []).find((p) => p.seat === seat); }
export function pname(view, seat) { const p = player(view, seat); return p ? p.name : 'nobody'; }
export function pcol(view, seat) { const p = player(view, seat); return p ? colourOf(p.colour) : '#777'; }

/** posKey accepts "R2C3"/"harbor" strings or {Row,Col} objects. */
export function posKey(p) {
  if (!p) return 'harbor';
  if (typeof p === 'string') return p.toUpperCase() === 'HARBOR' ? 'harbor' : p.toUpperCase();
  const r = p.Row ?? p.row, c = p.Col ?? p.col;
  return r ? `R${r}C${c}` : 'harbor';
}

/**
 * placeName is how players name a place: the island's printed name, the
 * Harbor, else where the board lies ("row 2, middle"), never "R2C2".
 */
export function placeName(view, at) {
  const k = posKey(at);
  if (k === 'harbor') return 'the Harbor';
  const b = (view.boards || []).find((x) => posKey(x.at) === k);
  return (b && b.name) || placeWords(k);
}

// ----- cards -----

const sailorOf = (kind) => facts.sailors[norm(kind)];

/** cardName is how a player reads a card: "Deck Hand 1", "Captain". */
export function cardName(c) {
  const sl = sailorOf(c.kind || String(c.id).replace(/-\d+$/, ''));
  const n = String(c.id).match(/-(\d+)$/);
  return sl ? sl.name + (n ? ' ' + n[1] : '') : words(c.id);
}

/** words makes an id players never see readable ("test-card-1" → "Test card 1"), for a card nothing names. */
export function words(id) {
  const t = String(id || '').replace(/[-_]+/g, ' ').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** deckIds are the ids of a player's 12 sailor cards. */
export function deckIds() {
  return Object.entries(facts.sailors).flatMap(([kind, sl]) => (sl.count > 1 ? Array.from({ length: sl.count }, (_, i) => `${kind}-${i + 1}`) : [kind]));
}

export function inPlay(me) { return [...(me.played || []), ...(me.playedOffTurn || [])]; }

/** advName is how a player reads an advancement: its printed name when the view describes it. */
export function advName(view, adv) {
  const def = adv.id && (view.advancements || {})[adv.id];
  return def ? `${def.name} (${def.slot})` : `Advancement ${adv.id || '#' + adv.inst}`;
}

/**
 * abilitiesOf lists a card's abilities by source: its level (from the
 * printed sailors) and each sleeved advancement (from the view's
 * advancements; known is false for one not entered from the catalog).
 */
export function abilitiesOf(view, card) {
  const out = [];
  const sl = sailorOf(card.kind || String(card.id).replace(/-\d+$/, ''));
  const lv = sl && sl.levels[(card.level || 1) - 1];
  out.push({ source: 'level', label: `${sl ? sl.name : card.kind || card.id} level ${card.level || 1}`, known: !!lv, abilities: lv ? lv.abilities : [] });
  for (const slot of ['top', 'middle', 'bottom']) {
    const adv = card[slot];
    if (!adv) continue;
    const def = adv.id && (view.advancements || {})[adv.id];
    out.push({ source: slot, label: def ? def.name : `${slot} advancement ${adv.id || '#' + adv.inst}`, known: !!def, abilities: def ? def.abilities || [] : [] });
  }
  return out;
}

// ----- effects in words -----

export function amountOf(e, card) {
  if (!e.per) return e.n || 0;
  return (e.n || 0) * ((card && card[e.per + 's']) || 0);
}

const TO = { dock: 'on your Dock tile', ship: 'on your ship', either: 'on your Dock tile or ship', island: 'on the island' };
const COINS_TO = { dock: 'in your Treasure chest', either: 'in your Treasure chest', ship: 'on your ship', island: 'on the island' };

export function effectText(e, card) {
  const n = amountOf(e, card);
  const per = e.per ? ` (${e.n} for each ${e.per} on the card)` : '';
  switch (e.kind) {
    case 'sails': return `${plural(n, 'sail')}${per}`;
    case 'cannon': return `${plural(n, 'cannon')}${per}`;
    case 'wheel': return plural(n, 'wheel');
    case 'attack': return 'Attack flag: battle an opponent’s ship where you are';
    case 'gain-cargo': return `gain ${n} cargo ${TO[e.to] || ''}${per}`;
    case 'gain-coins': return `gain ${plural(n, 'coin')} ${COINS_TO[e.to] || ''}${per}`;
    case 'influence': return `place ${n} influence on the island where you are${per}`;
    case 'produce': return `make up to ${plural(n, 'island')} produce${e.boostCargo || e.boostCoins ? `, each with +${e.boostCargo || 0} cargo and +${plural(e.boostCoins || 0, 'coin')}` : ''}`;
    case 'build': return `build up to ${plural(n, 'building')}`;
    case 'upgrade': return `a ${e.tier} ship upgrade for ${e.cost || 0} cargo`;
    case 'repair': return `repair ${Math.max(1, n)} damage${e.cost ? ` for ${e.cost} cargo` : ''}${e.where === 'harbor' ? ' in the Harbor' : ''}`;
    case 'draw': return `draw ${n} more at cleanup`;
    case 'battle-drop': return `battle: drop ${n} more cubes${per}`;
    case 'battle-strength': return `battle: +${n} strength${per}`;
    case 'battle-remove-cube': return 'battle: take back one of your dropped cubes';
    case 'battle-win-cargo': return `battle: if you win, ${n} cargo on your ship${per}`;
    case 'end-game': case 'other': return e.text || e.kind;
    default: return e.kind;
  }
}

/**
 * optionText is an ability's choice as a sentence players read on a button
 * or a list ("Gain 1 cargo on your ship and draw 1 more at cleanup"): its
 * effects' words, the first with a capital.
 */
export const optionText = (o, card) => {
  const t = (o.effects || []).map((e) => effectText(e, card)).join(' and ');
  return t.charAt(0).toUpperCase() + t.slice(1);
};
export const isIcon = (k) => k === 'sails' || k === 'cannon' || k === 'wheel';

// ----- holds and payments -----

/**
 * holdsOf lists the ship's holds (hull spaces with a hold or something in it).
 * @returns {{name: string, i: number, cap: number, cargo: number, coins: number}[]}
 */
export function holdsOf(me) {
  const sh = me.ship || {};
  return HOLDS.map((name, i) => {
    const hold = ((sh.spaces || [])[i] || {}).hold || {};
    return { name, i, cap: (sh.capacity || [])[i] || 0, cargo: hold.cargo || 0, coins: hold.coins || 0 };
  }).filter((x) => x.cap > 0 || x.cargo || x.coins);
}

export const shipCargo = (me) => holdsOf(me).reduce((n, x) => n + x.cargo, 0);

/** boardAt is the board where the player's ship is (undefined in the Harbor). */
export function boardAt(view, me) {
  const k = posKey(me.ship && me.ship.at);
  return (view.boards || []).find((b) => posKey(b.at) === k);
}

/** goodsJSON is {A: {cargo, coins}} without the empty holds. */
export function goodsJSON(g) {
  const out = {};
  for (const [k, v] of Object.entries(g || {})) if (v.cargo || v.coins) out[k] = { cargo: v.cargo || 0, coins: v.coins || 0 };
  return out;
}
export const goodsSum = (g) => Object.values(g || {}).reduce((a, v) => ({ cargo: a.cargo + (v.cargo || 0), coins: a.coins + (v.coins || 0) }), { cargo: 0, coins: 0 });

/** payHolds is the holds part of a payment ({A: 1}). */
export function payHolds(pay) {
  const out = {};
  for (const k of HOLDS) if (pay[k]) out[k] = pay[k];
  return out;
}
/** payment turns a pay editor's value into the action's {dock, holds}. */
export function payment(pay) {
  const p = {};
  if (pay.dock) p.dock = pay.dock;
  const hs = payHolds(pay);
  if (Object.keys(hs).length) p.holds = hs;
  return p;
}

/**
 * payDefault is where a cost is paid from when the player changed nothing:
 * the holds first, then the Dock tile (unless the cost is paid from the ship).
 */
export function payDefault(me, cost, from) {
  const pay = {};
  let left = cost ?? 0;
  if (from !== 'dock') for (const x of holdsOf(me).filter((h) => h.cargo > 0)) { const n = Math.min(left, x.cargo); if (n) pay[x.name] = n; left -= n; }
  if (from !== 'ship' && (me.dock || 0) > 0 && left > 0) pay.dock = Math.min(left, me.dock);
  return pay;
}

// ----- widgets -----

/** Note is a line of help in a form. */
export function Note({ text, cls = 'muted' }) {
  return html`<p class=${'fnote ' + cls}>${text}</p>`;
}

/**
 * Stepper is a number set with − and + (no keyboard on a tablet), between
 * min and max.
 * @param {{label: string, k: string, value: number, max: number, min?: number, set: (v: number) => void}} props
 */
export function Stepper({ label, k, value, max, min = 0, set }) {
  const v = value || 0;
  return html`<div class="stepper" data-key=${k}>
    <span class="slabel">${label}</span>
    <button type="button" class="minus" aria-label=${'one less: ' + label} disabled=${v <= min} onClick=${() => set(Math.max(min, v - 1))}>−</button>
    <output class="val">${String(v)}</output>
    <button type="button" class="plus" aria-label=${'one more: ' + label} disabled=${v >= max} onClick=${() => set(Math.min(max, v + 1))}>+</button>
  </div>`;
}

/**
 * Choice is a row of big buttons, one pressed (value); tapping one calls set.
 * Items: {value, label, sub?, disabled?, cls?, attrs?}.
 * @param {{items: any[], value: any, set: (v: any) => void, cls?: string}} props
 */
export function Choice({ items, value, set, cls = '' }) {
  return html`<div class=${'choice ' + cls} role="group">
    ${items.map((it, i) => html`<button key=${String(it.value) + ':' + i} type="button" class=${'opt' + (it.cls ? ' ' + it.cls : '')} aria-pressed=${String(value === it.value)}
      disabled=${!!it.disabled} ...${it.attrs || {}} onClick=${() => set(it.value)}>
      <span class="olabel">${it.label}</span>${it.sub ? html`<span class="osub">${it.sub}</span>` : null}
    </button>`)}
  </div>`;
}

/**
 * Toggles is a row of buttons each on or off: value is the list of the
 * items on (in the order tapped), at most max of them.
 * @param {{items: any[], value: any[], set: (v: any[]) => void, max: number}} props
 */
export function Toggles({ items, value, set, max }) {
  const l = value || [];
  const tap = (v) => {
    if (l.includes(v)) set(l.filter((x) => x !== v));
    else if (l.length < max) set([...l, v]);
    else if (max === 1) set([v]);
  };
  return html`<div class="choice toggles" role="group">
    ${items.map((it, i) => html`<button key=${String(it.value) + ':' + i} type="button" class="opt" aria-pressed=${String(l.includes(it.value))}
      disabled=${!!it.disabled} ...${it.attrs || {}} onClick=${() => tap(it.value)}>
      <span class="olabel">${it.label}</span>${it.sub ? html`<span class="osub">${it.sub}</span>` : null}
    </button>`)}
  </div>`;
}

/**
 * Panel is one action: a big tile that opens its form. Which one is open
 * is the Act panel's (one at a time); opening a panel closes the others.
 * @param {{id: string, title: any, sub?: any, open: string|null, setOpen: (id: string|null) => void, children?: any}} props
 */
export function Panel({ id, title, sub, open, setOpen, children }) {
  const isOpen = open === id;
  return html`<details class="fpanel" id=${id} open=${isOpen}
    onToggle=${(e) => { const o = e.currentTarget.open; if (o && !isOpen) setOpen(id); else if (!o && isOpen) setOpen(null); }}>
    <summary><span class="ftitle">${title}</span>${sub ? html`<span class="fsub">${sub}</span>` : null}</summary>
    ${isOpen ? children : null}
  </details>`;
}

/**
 * Refusal is why the server refused what the player tapped, shown beside
 * the button (the shell's banner may be out of sight on a phone).
 * @param {{err: any}} props
 */
export function Refusal({ err }) {
  if (!err) return null;
  return html`<p class=${'fnote warn refusal' + (err.status === 422 ? ' rule' : '')} role="alert" data-code=${err.code}>${err.status === 422 ? 'Not allowed: ' : 'Problem: '}${errorText(err)}</p>`;
}

/**
 * useAct sends the form's actions for seat: it returns send(action), which
 * resolves true once the action passed (its refusal kept to show beside
 * the button, and false), and the refusal.
 * @param {any} ctx @param {number} seat
 * @returns {[(a: any) => Promise<boolean>, any]}
 */
export function useAct(ctx, seat) {
  const [err, setErr] = useState(/** @type {any} */ (null));
  const send = (a) => {
    setErr(null);
    if (ctx.readOnly) return Promise.resolve(false);
    return ctx.submit({ seat, ...a }, { shown: true }).then(() => true, (e) => { setErr(e); return false; });
  };
  return [send, err];
}

/**
 * PayEditor chooses where a cost in cargo comes from: each hold with cargo
 * and the Dock tile (unless the cost is paid from the ship). pay is null
 * until the player changes it: then it follows payDefault.
 * @param {{me: any, cost: number|null, from: string, pay: any, set: (p: any) => void}} props
 */
export function PayEditor({ me, cost, from, pay, set }) {
  const p = pay || payDefault(me, cost, from);
  const holds = holdsOf(me).filter((x) => x.cargo > 0);
  const useDock = from !== 'ship' && (me.dock || 0) > 0;
  const t = Object.values(p).reduce((a, b) => a + b, 0);
  const change = (k, v) => set({ ...p, [k]: v });
  const rows = [];
  if (from !== 'dock') holds.forEach((x) => rows.push(html`<${Stepper} key=${x.name} label=${`from hold ${x.name} (${x.cargo} cargo)`} k=${x.name} value=${Math.min(p[x.name] || 0, x.cargo)} max=${x.cargo} set=${(v) => change(x.name, v)} />`));
  if (useDock) rows.push(html`<${Stepper} key="dock" label=${`from the Dock tile (${me.dock} cargo)`} k="dock" value=${Math.min(p.dock || 0, me.dock)} max=${me.dock} set=${(v) => change('dock', v)} />`);
  if (!rows.length) rows.push(html`<${Note} key="none" cls="warn" text=${from === 'ship' ? 'There is no cargo on your ship.' : 'You have no cargo on your ship or Dock tile.'} />`);
  const known = cost !== null && cost !== undefined;
  return html`<div class="fbody pay">${rows}
    <p class=${'fsum' + (known && t !== cost ? ' warn' : '')}>${known ? `Paying ${t} of ${cost} cargo` : `Paying ${t} cargo`}</p>
  </div>`;
}

/**
 * GoodsEditor sets cargo and coins per hold: g = {A: {cargo, coins}}; lim
 * gives each hold's maxima as the other steppers stand.
 * @param {{me: any, g: any, set: (g: any) => void, lim: (x: any, v: any) => {cargo: number, coins: number}, coins?: boolean, show?: (x: any) => boolean}} props
 */
export function GoodsEditor({ me, g, set, lim, coins = true, show = (x) => x.cap - x.cargo - x.coins > 0 || x.cargo || x.coins }) {
  const rows = holdsOf(me).filter(show);
  if (!rows.length) return html`<${Note} cls="warn" text="No hold can take part in this." />`;
  const change = (hold, key, v) => set({ ...g, [hold]: { ...(g[hold] || { cargo: 0, coins: 0 }), [key]: v } });
  return rows.map((x) => {
    const v = g[x.name] || { cargo: 0, coins: 0 };
    const l = lim(x, v);
    return html`<div class="holdrow" key=${x.name} data-hold=${x.name}>
      <span class="hname">Hold ${x.name}<span class="muted">${` ${x.cargo} cargo, ${plural(x.coins, 'coin')} (room for ${x.cap})`}</span></span>
      <${Stepper} label="cargo" k="cargo" value=${v.cargo || 0} max=${Math.max(v.cargo || 0, l.cargo)} set=${(n) => change(x.name, 'cargo', n)} />
      ${coins ? html`<${Stepper} label="coins" k="coins" value=${v.coins || 0} max=${Math.max(v.coins || 0, l.coins)} set=${(n) => change(x.name, 'coins', n)} />` : null}
    </div>`;
  });
}

// The catalog as last fetched: a form opened again shows it at once (and
// fetches it again, for entries added meanwhile).
let catalogSeen = /** @type {{islands: any[], advancements: any[], loaded: boolean}|null} */ (null);

/**
 * useCatalog is the owner's catalog of Dead Reckoning (islands and
 * advancement/encounter cards, by name), fetched when a form opens.
 * loaded is false until the catalog has come once: a form must not offer
 * "a new island" for a moment and then change under the player's finger.
 * @returns {{islands: any[], advancements: any[], loaded: boolean}}
 */
export function useCatalog() {
  const [cat, setCat] = useState(() => catalogSeen || { islands: [], advancements: [], loaded: false });
  useEffect(() => {
    let live = true;
    fetch('/api/rules/dead-reckoning/catalog').then((r) => (r.ok ? r.json() : null)).then((r) => {
      const c = (r && r.catalog) || {};
      catalogSeen = { islands: c.islands || [], advancements: c.advancements || [], loaded: true };
      if (live) setCat(catalogSeen);
    }).catch(() => { if (live) setCat((x) => ({ ...x, loaded: true })); });
    return () => { live = false; };
  }, []);
  return cat;
}

/** rowOf is the row (1-4) of a board position like "R2C3". */
export const rowOf = (at) => Number((/^R(\d)/.exec(String(at)) || [])[1] || 0);

/** placeWords names a board's place as players see the grid ("row 2, middle"). */
export function placeWords(at) {
  const m = /^R(\d+)C(\d+)$/.exec(String(at));
  if (!m) return String(at) === 'harbor' ? 'the Harbor' : String(at);
  return `row ${m[1]}, ${({ 1: 'left', 2: 'middle', 3: 'right' })[m[2]] || 'column ' + m[2]}`;
}
