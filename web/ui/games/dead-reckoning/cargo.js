// @ts-check
// The cargo form (p. 7): load, unload, throw overboard, rearrange, as a
// Preact component. What the player set (the mode, each hold's steppers,
// the form open) is the component's own state, so another screen acting
// leaves it; until the player touches a stepper, the numbers follow the
// table (everything that fits, or the holds as they are).

import { html, useState } from '../../js/view.js';
import { errorText } from '../../js/ui.js';
import * as dr from './common.js';
import { Stepper, plural } from './common.js';

const MODES = [['load', 'Load'], ['unload', 'Unload'], ['jettison', 'Throw overboard'], ['rearrange', 'Rearrange']];

/**
 * Cargo is the cargo and coins form of the player acting on this screen.
 * With open and setOpen it is one of the Act panel's tiles (one open at a
 * time); without, it opens on its own.
 * @param {{view: any, ctx: any, seat: number, open?: string|null, setOpen?: (id: string|null|((cur: string|null) => string|null)) => void}} props
 */
export function Cargo({ view, ctx, seat, open: shared, setOpen: setShared }) {
  const [own, setOwn] = useState(false);
  const open = setShared ? shared === 'f-cargo' : own;
  // Closing asks the tile state as it is then (not as it was when the
  // button was drawn): an accepted action closes the form every time.
  const setOpen = (o) => {
    if (!setShared) setOwn(o);
    else if (o) setShared('f-cargo');
    else setShared((cur) => (cur === 'f-cargo' ? null : cur));
  };
  const [mode, setMode] = useState('load');
  // set: the holds the player changed in this mode ({A: {cargo, coins}});
  // null while they have touched nothing.
  const [set, setSet] = useState(/** @type {Object<string, {cargo: number, coins: number}>|null} */ (null));
  const me = dr.player(view, seat) || /** @type {any} */ ({});
  const holds = dr.holdsOf(me);
  const inHarbor = dr.posKey(me.ship && me.ship.at) === 'harbor';
  const b = dr.boardAt(view, me);
  const isl = b && b.island;
  const mine = isl && isl.controller === me.seat;

  // A refusal shows beside the button tapped as well as in the shell's banner.
  const [refused, setRefused] = useState(/** @type {any} */ (null));
  const send = (a) => { setRefused(null); return ctx.submit({ seat, ...a }, { shown: true }).then(() => { setOpen(false); setSet(null); }, (e) => setRefused(e)); };
  const pick = (m) => { setMode(m); setSet(null); };

  /** @type {any[]} */
  const parts = [];
  let sum = '', warn = false;
  // g is what each hold gets: the player's numbers, else the default.
  /** @type {Object<string, {cargo: number, coins: number}>} */
  let g = {};
  let lim = (_x, _v) => ({ cargo: 0, coins: 0 });
  let shown = holds;
  let coins = true;
  let button = null;
  const note = (text, cls = 'muted') => html`<p class=${'fnote ' + cls}>${text}</p>`;
  if (mode === 'load') {
    const from = inHarbor ? 'dock' : (mine ? 'island' : null);
    if (!from) parts.push(note('Load from your Dock tile while in the Harbor, or from an island you control (p. 7).', 'warn'));
    else {
      const have = from === 'dock' ? { cargo: me.dock || 0, coins: 0 } : { cargo: isl.cargo || 0, coins: isl.coins || 0 };
      if (set) g = set;
      else {
        // Everything that fits, hold by hold.
        let c = have.cargo;
        for (const x of holds) { const n = Math.min(c, x.cap - x.cargo - x.coins); if (n > 0) { g[x.name] = { cargo: n, coins: 0 }; c -= n; } }
      }
      const t = dr.goodsSum(g);
      sum = `Loading ${t.cargo} of ${have.cargo} cargo` + (from === 'island' ? ` and ${t.coins} of ${plural(have.coins, 'coin')}` : '') + (from === 'dock' ? ' from your Dock tile' : ' from the island');
      lim = (x, v) => {
        const room = x.cap - x.cargo - x.coins;
        return { cargo: Math.min(room - (v.coins || 0), have.cargo - t.cargo + (v.cargo || 0)), coins: Math.min(room - (v.cargo || 0), have.coins - t.coins + (v.coins || 0)) };
      };
      shown = holds.filter((x) => x.cap - x.cargo - x.coins > 0 || x.cargo || x.coins);
      coins = from === 'island';
      button = html`<button class="btn primary wide" id="act-load" onClick=${() => send({ type: 'load', from, holds: dr.goodsJSON(g) })}>${from === 'dock' ? 'Load from the Dock tile' : 'Load from the island'}</button>`;
    }
  } else if (mode === 'unload' || mode === 'jettison') {
    const to = inHarbor ? 'dock' : (isl ? 'island' : null);
    g = set || {};
    const t = dr.goodsSum(g);
    sum = `${mode === 'unload' ? 'Unloading' : 'Throwing overboard'} ${t.cargo} cargo and ${plural(t.coins, 'coin')}`;
    lim = (x) => ({ cargo: x.cargo, coins: x.coins });
    shown = holds.filter((x) => x.cargo || x.coins);
    if (mode === 'unload' && !to) parts.push(note('Unload in the Harbor (cargo to the Dock tile, coins to the chest) or at an island (p. 7).', 'warn'));
    else if (mode === 'unload') button = html`<button class="btn primary wide" id="act-unload" onClick=${() => send({ type: 'unload', to, holds: dr.goodsJSON(g) })}>${to === 'dock' ? 'Unload to the Dock tile and chest' : 'Unload onto the island'}</button>`;
    else button = html`<button class="btn primary wide" id="act-jettison" onClick=${() => send({ type: 'jettison', holds: dr.goodsJSON(g) })}>Throw it overboard</button>`;
  } else {
    const have = holds.reduce((a, x) => ({ cargo: a.cargo + x.cargo, coins: a.coins + x.coins }), { cargo: 0, coins: 0 });
    if (set) g = set;
    else holds.forEach((x) => { g[x.name] = { cargo: x.cargo, coins: x.coins }; });
    const t = dr.goodsSum(g);
    sum = `${t.cargo} of ${have.cargo} cargo and ${t.coins} of ${plural(have.coins, 'coin')} placed`;
    warn = t.cargo !== have.cargo || t.coins !== have.coins;
    lim = (x, v) => ({ cargo: Math.min(x.cap - (v.coins || 0), have.cargo - t.cargo + (v.cargo || 0)), coins: Math.min(x.cap - (v.cargo || 0), have.coins - t.coins + (v.coins || 0)) });
    parts.push(note('Lay out what is on the ship anew, hold by hold (any time, not once your battle has begun, p. 7).'));
    button = html`<button class="btn primary wide" id="act-rearrange" onClick=${() => send({ type: 'rearrange', holds: dr.goodsJSON(g) })}>Rearrange the holds</button>`;
  }
  // Touching a stepper freezes the form's numbers as the player set them.
  const change = (hold, key, v) => setSet({ ...g, [hold]: { ...(g[hold] || { cargo: 0, coins: 0 }), [key]: v } });
  const editor = button
    ? (shown.length
      ? shown.map((x) => {
        const v = g[x.name] || { cargo: 0, coins: 0 };
        const l = lim(x, v);
        return html`<div class="holdrow" key=${x.name} data-hold=${x.name}>
          <span class="hname">Hold ${x.name}<span class="muted">${` ${x.cargo} cargo, ${plural(x.coins, 'coin')} (room for ${x.cap})`}</span></span>
          <${Stepper} label="cargo" k="cargo" value=${v.cargo || 0} max=${l.cargo} set=${(n) => change(x.name, 'cargo', n)} />
          ${coins ? html`<${Stepper} label="coins" k="coins" value=${v.coins || 0} max=${l.coins} set=${(n) => change(x.name, 'coins', n)} />` : null}
        </div>`;
      })
      : note('No hold can take part in this.', 'warn'))
    : null;
  const sub = `${dr.shipCargo(me)} cargo on the ship, ${me.dock || 0} on the Dock tile`;
  return html`<details class="fpanel cargo" id="f-cargo" open=${open} onToggle=${(e) => { if (e.currentTarget.open !== open) setOpen(e.currentTarget.open); }}>
    <summary><span class="ftitle">Cargo and coins</span><span class="fsub">${sub}</span></summary>
    ${open ? html`<div class="fbody">
      <div class="choice modes" role="group">
        ${MODES.map(([m, label]) => html`<button key=${m} type="button" class="opt" data-mode=${m} aria-pressed=${String(mode === m)} onClick=${() => pick(m)}><span class="olabel">${label}</span></button>`)}
      </div>
      ${parts}
      ${editor}
      ${button ? html`<p class=${'fsum' + (warn ? ' warn' : '')}>${sum}</p>` : null}
      ${button}
      ${refused ? html`<p class="fnote warn refusal" role="alert">${errorText(refused)}</p>` : null}
      ${mode === 'jettison' ? note('On your turn, or when attacked before the cubes are dropped (p. 7); it goes back to the supply.') : null}
    </div>` : null}
  </details>`;
}
