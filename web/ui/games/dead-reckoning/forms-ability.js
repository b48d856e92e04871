// @ts-check
// forms-ability.js: use an ability of a card in play (pp. 11, 13-15): pick
// the ability, its red-slash option, then what the option needs (where the
// gains go, what to pay, islands, buildings, an upgrade's space, a target).
// What the player picked and set is the form's own state.

import { html, useState } from '../../js/view.js';
import {
  player, pname, posKey, placeName, plural, inPlay, cardName, abilitiesOf, optionText, amountOf, isIcon, holdsOf, boardAt,
  goodsJSON, goodsSum, payment, payDefault, HOLDS, Stepper, Choice, Toggles, Note, Panel, PayEditor, GoodsEditor, Refusal, useAct,
} from './common.js';

/** gains sums what an option gives, by where it goes (use-ability's "put"). */
function gains(opt, card) {
  const g = { dock: 0, ship: 0, either: 0, island: 0, coinDock: 0, coinShip: 0, coinIsland: 0 };
  for (const e of opt.effects || []) {
    const n = amountOf(e, card);
    if (e.kind === 'gain-cargo') g[e.to] = (g[e.to] || 0) + n;
    if (e.kind === 'gain-coins') {
      if (e.to === 'ship') g.coinShip += n; else if (e.to === 'island') g.coinIsland += n; else g.coinDock += n;
    }
  }
  return g;
}

/** putDefault is where the gains go before the player changes it. */
function putDefault(me, g) {
  const put = { dock: g.dock + g.either, g: {} };
  let left = g.ship;
  for (const x of holdsOf(me)) { const n = Math.min(left, x.cap - x.cargo - x.coins); if (n > 0) { put.g[x.name] = { cargo: n, coins: 0 }; left -= n; } }
  return put;
}

/** payOf is the cost an option's effect asks, and where it may be paid from. */
function payOf(opt) {
  for (const e of opt.effects || []) {
    if (e.kind === 'build') return { cost: null, from: e.from || 'either' };
    if (e.kind === 'upgrade') return { cost: e.cost || 0, from: e.from || 'either' };
    if (e.kind === 'repair' && e.cost) return { cost: e.cost, from: e.from || 'either' };
  }
  return null;
}

/**
 * Params is the part of the ability form the chosen option needs.
 * @param {{view: any, me: any, card: any, opt: any, p: any, set: (patch: any) => void}} props
 */
function Params({ view, me, card, opt, p, set }) {
  const parts = [];
  const g = gains(opt, card);
  const here = boardAt(view, me);
  const pay = payOf(opt);
  (opt.effects || []).forEach((e, k) => {
    const n = amountOf(e, card);
    switch (e.kind) {
      case 'influence': {
        const isl = here && here.island;
        if (!isl) { parts.push(html`<${Note} key=${k} cls="warn" text="Your ship is not at an island: influence goes on the island where your ship is (p. 14)." />`); break; }
        const empty = (isl.slots || []).filter((x) => x < 0).length;
        if (empty < n) {
          const opp = [...new Set((isl.slots || []).filter((x) => x >= 0 && x !== me.seat))];
          const rep = p.replace || [];
          parts.push(html`<div key=${k}>
            <${Note} text=${`The island has ${plural(empty, 'empty slot')}: tap whose cubes to replace, in order (p. 14).`} />
            <div class="choice">${opp.map((x) => html`<button key=${x} type="button" class="opt" data-replace=${x} onClick=${() => set({ replace: [...rep, x] })}>${pname(view, x)}</button>`)}
              <button type="button" class="opt" onClick=${() => set({ replace: [] })}>clear</button></div>
            <p>Replace: <span class="order">${rep.map((x) => pname(view, x)).join(', ') || 'none yet'}</span></p>
          </div>`);
        }
        if ((me.cubes ?? 99) < n) {
          const mineAt = (view.boards || []).filter((b) => b.island && (b.island.slots || []).includes(me.seat) && posKey(b.at) !== posKey(here.at));
          parts.push(html`<div key=${k + 'r'}><${Note} text="You have no cubes left: take them back from islands (p. 14)." />
            <${Toggles} items=${mineAt.map((b) => ({ value: posKey(b.at), label: placeName(view, b.at) }))} value=${p.reclaim || []} set=${(v) => set({ reclaim: v })} max=${9} /></div>`);
        }
        break;
      }
      case 'produce': {
        const isls = (view.boards || []).filter((b) => b.island);
        parts.push(html`<div key=${k}><${Note} text=${`Choose up to ${plural(n, 'island')} to produce (different ones; your ship need not be there, p. 14):`} />
          <${Toggles} items=${isls.map((b) => ({ value: posKey(b.at), label: placeName(view, b.at), sub: `${b.produceCargo || 0} cargo, ${plural(b.produceCoins || 0, 'coin')}`, attrs: { 'data-island': posKey(b.at) } }))}
            value=${p.islands || []} set=${(v) => set({ islands: v })} max=${n} /></div>`);
        break;
      }
      case 'build': {
        const mine = (view.boards || []).filter((b) => b.island && b.island.controller === me.seat);
        if (!mine.length) { parts.push(html`<${Note} key=${k} cls="warn" text="You control no island to build on (p. 15)." />`); break; }
        const items = mine.flatMap((b) => ['fort', 'garrison', 'outpost'].filter((x) => !(b.island.buildings || []).includes(x))
          .map((x) => ({ value: `${posKey(b.at)}/${x}`, label: `${x} on ${b.name || posKey(b.at)}`, attrs: { 'data-build': `${posKey(b.at)}/${x}` } })));
        parts.push(html`<div key=${k}><${Note} text=${`Choose up to ${plural(n, 'building')} (one of each type per island, p. 15):`} />
          <${Toggles} items=${items} value=${p.builds || []} set=${(v) => set({ builds: v })} max=${n} />
          <${Note} text="The buildings’ costs are on the First Mate card; the table’s view does not give them: pay what they add up to." /></div>`);
        break;
      }
      case 'upgrade':
        parts.push(html`<div key=${k}><${Note} text=${`Take a ${e.tier} upgrade tile and choose the hull space it goes on (a blank one first, p. 15):`} />
          <${Choice} items=${HOLDS.map((x) => ({ value: x, label: x, attrs: { 'data-space': x } }))} value=${p.space} set=${(v) => set({ space: v })} />
          <label class="field">Tile (if entered) <input placeholder="leave empty if its effects are not entered" value=${p.tile || ''} onInput=${(ev) => set({ tile: ev.currentTarget.value })} /></label></div>`);
        break;
      case 'attack': {
        const foes = view.players.filter((o) => o.seat !== me.seat && posKey(o.ship && o.ship.at) === posKey(me.ship && me.ship.at));
        parts.push(foes.length ? html`<${Choice} key=${k} items=${foes.map((o) => ({ value: o.seat, label: o.name, attrs: { 'data-target': o.seat } }))} value=${p.target} set=${(v) => set({ target: v })} />`
          : html`<${Note} key=${k} cls="warn" text="No opponent’s ship is where yours is." />`);
        break;
      }
      case 'other':
        parts.push(html`<${Note} key=${k} text=${'Resolve this by hand at the table: ' + (e.text || '')} />`);
        break;
      default:
    }
  });
  if (pay) parts.push(html`<${PayEditor} key="pay" me=${me} cost=${pay.cost} from=${pay.from} pay=${p.pay || null} set=${(v) => set({ pay: v })} />`);
  if (g.ship + g.either + g.coinShip > 0) {
    // Where the cargo and coins go, when some may or must go on the ship.
    const put = p.put || putDefault(me, g);
    const total = g.dock + g.ship + g.either;
    const t = goodsSum(put.g);
    const lim = (x, gg) => {
      const room = x.cap - x.cargo - x.coins;
      return { cargo: Math.min(room - (gg.coins || 0), total - put.dock - t.cargo + (gg.cargo || 0)), coins: Math.min(room - (gg.cargo || 0), g.coinShip - t.coins + (gg.coins || 0)) };
    };
    parts.push(html`<div key="put"><${Note} text="Where do the gains go?" />
      ${g.dock + g.either > 0 ? html`<${Stepper} label="cargo to the Dock tile" k="dock" value=${put.dock} min=${g.dock} max=${g.dock + g.either} set=${(v) => set({ put: { ...put, dock: v } })} />` : null}
      <${GoodsEditor} me=${me} g=${put.g} set=${(v) => set({ put: { ...put, g: v } })} lim=${lim} coins=${g.coinShip > 0} />
      <p class="fsum">${`${put.dock + t.cargo} of ${total} cargo and ${t.coins} of ${plural(g.coinShip, 'coin')} placed`}</p></div>`);
  }
  return html`<div class="fbody params">${parts}</div>`;
}

/** abilityParams turns the ability form's values into use-ability fields. */
function abilityParams(me, card, opt, p) {
  const out = {};
  const g = gains(opt, card);
  const kinds = new Set((opt.effects || []).map((e) => e.kind));
  if (g.ship + g.either + g.coinShip > 0) {
    const put = p.put || putDefault(me, g);
    out.put = { dock: put.dock || 0, chest: g.coinDock, holds: goodsJSON(put.g), island: { cargo: g.island, coins: g.coinIsland } };
  }
  const pay = payOf(opt);
  if (pay) out.pay = payment(p.pay || payDefault(me, pay.cost, pay.from));
  if (kinds.has('influence')) {
    if (p.replace && p.replace.length) out.replace = p.replace.slice();
    if (p.reclaim && p.reclaim.length) out.reclaim = p.reclaim.slice();
  }
  if (kinds.has('produce')) out.islands = (p.islands || []).slice();
  if (kinds.has('build')) out.builds = (p.builds || []).map((x) => { const [at, building] = x.split('/'); return { at, building }; });
  if (kinds.has('upgrade')) out.tile = { space: p.space || '', ...((p.tile || '').trim() ? { id: p.tile.trim() } : {}) };
  if (kinds.has('attack') && p.target !== undefined) out.target = p.target;
  return out;
}

/**
 * Ability is the "Use an ability" form of the player acting here.
 * @param {{view: any, ctx: any, seat: number, open: string|null, setOpen: (id: string|null) => void}} props
 */
export function Ability({ view, ctx, seat, open, setOpen }) {
  const me = player(view, seat) || {};
  const [pick, setPick] = useState(/** @type {string|null} */ (null));
  const [option, setOption] = useState(0);
  const [advAbility, setAdvAbility] = useState(0);
  const [p, setP] = useState(/** @type {any} */ ({}));
  const [send, err] = useAct(ctx, seat);
  const cards = inPlay(me);
  if (!cards.length) return null;
  const used = new Set((view.turn || {}).used || []);
  const items = [];
  const rest = [];
  for (const c of cards) {
    for (const src of abilitiesOf(view, c)) {
      if (!src.known) {
        const v = `${c.id}/${src.source}/0`;
        rest.push(html`<div key=${v} class="unknown-adv">${`${cardName(c)}: ${src.label} – its abilities are not in the table's view; `}
          <button type="button" class="btn" data-ability=${v} onClick=${() => { setPick(v); setOption(0); setP({}); }}>Use its first ability</button></div>`);
        continue;
      }
      src.abilities.forEach((ab, i) => {
        const key = `${me.seat}/${c.id}/${src.source}/${i}`;
        const text = ab.options.map((o) => optionText(o, c)).join(' / ');
        if (ab.battle) { rest.push(html`<div key=${key} class="muted">${`${cardName(c)}: ${text} (in battles)`}</div>`); return; }
        if (ab.options.length === 1 && ab.options[0].effects.every((e) => isIcon(e.kind))) return; // icons are counted, not used
        if (ab.options.every((o) => o.effects.every((e) => e.kind === 'sails' || e.kind === 'draw' || e.kind === 'end-game'))) return;
        items.push({ value: `${c.id}/${src.source}/${i}`, label: src.source === 'level' ? cardName(c) : `${cardName(c)}: ${src.label}`, sub: text + (used.has(key) ? ' · used this turn' : ''),
          cls: used.has(key) ? 'used' : '', attrs: { 'data-ability': `${c.id}/${src.source}/${i}` } });
      });
    }
  }
  let chosen = null;
  if (pick) {
    const [cid, source, idx] = pick.split('/');
    const card = cards.find((c) => c.id === cid);
    const src = card && abilitiesOf(view, card).find((x) => x.source === source);
    const ab = src && src.known ? src.abilities[Number(idx)] : null;
    // A card no longer in play: the pick is gone.
    if (card) chosen = { cid, source, idx, card, ab, opt: ab ? ab.options[option] || ab.options[0] : { effects: [] } };
  }
  const go = () => {
    if (!chosen) return;
    const { cid, source, idx, card, ab, opt } = chosen;
    /** @type {any} */
    const a = { type: 'use-ability', card: cid, ability: ab ? Number(idx) : advAbility, option, ...abilityParams(me, card, opt, p) };
    if (source !== 'level') a.source = source;
    send(a).then((ok) => { if (ok) { setOpen(null); setPick(null); setOption(0); setP({}); } });
  };
  return html`<${Panel} id="f-ability" title="Use an ability" sub=${`${plural(cards.length, 'card')} in play`} open=${open} setOpen=${setOpen}>
    <div class="fbody">
      ${items.length ? html`<${Choice} cls="abilities" items=${items} value=${chosen ? pick : null} set=${(v) => { setPick(v); setOption(0); setP({}); }} />`
        : html`<${Note} text="No card in play has an ability to use now." />`}
      ${rest}
      ${chosen ? html`
        ${chosen.ab && chosen.ab.options.length > 1 ? html`<${Note} text="Choose one (the red slash):" />
          <${Choice} cls="options" value=${option} set=${(v) => { setOption(v); setP({}); }} items=${chosen.ab.options.map((o, j) => ({ value: j, label: optionText(o, chosen.card), disabled: o.effects.some((e) => e.kind === 'sails'), attrs: { 'data-option': j } }))} />` : null}
        <${Params} view=${view} me=${me} card=${chosen.card} opt=${chosen.opt} p=${p} set=${(patch) => setP({ ...p, ...patch })} />
        ${!chosen.ab ? html`<${Stepper} label="ability number on the card (from 0)" k="advAbility" value=${advAbility} max=${5} set=${setAdvAbility} />
          <${Stepper} label="option (from 0)" k="option" value=${option} max=${3} set=${setOption} />` : null}
        <button class="btn primary wide" id="act-use-ability" onClick=${go}>Use it</button>
        <${Refusal} err=${err} />` : null}
    </div>
  </${Panel}>`;
}
