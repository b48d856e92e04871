// @ts-check
// forms-here.js: what a player may do where their ship is: buy the card on
// the board's card space or, for an encounter, trade with the Merchant ship
// or attack it (pp. 10-11); attack a ship there (p. 15; a pirate-mode ship
// without a flag, p. 12); attack an opponent's buildings (p. 20); return 12
// cargo for Master Merchant (p. 22).
//
// Each form's values are its component's state: another screen acting
// renders the form again with the new view and keeps what the player set.
// An accepted action closes the form and starts it afresh.

import { html, useState } from '../../js/view.js';
import {
  player, pname, posKey, placeName, plural, norm, inPlay, cardName, abilitiesOf, optionText, boardAt, shipCargo,
  payHolds, payment, payDefault, Stepper, Choice, Note, Panel, PayEditor, Refusal, useAct,
} from './common.js';

/**
 * CardHere buys, trades for or attacks the card lying where the ship is.
 * @param {{view: any, ctx: any, seat: number, open: string|null, setOpen: (id: string|null) => void}} props
 */
export function CardHere({ view, ctx, seat, open, setOpen }) {
  const me = player(view, seat) || {};
  const b = boardAt(view, me);
  if (!b || !b.card) return null;
  const def = b.cardDef;
  if (!def) {
    return html`<${Panel} id="f-buy" title="Buy" sub=${`a Row ${b.card.row} card lies here`} open=${open} setOpen=${setOpen}>
      <div class="fbody"><${Note} cls="warn" text="Enter which card lies on this board first (below), then buy it here." /></div>
    </${Panel}>`;
  }
  // One form per card: another card here is another form.
  return html`<${BuyForm} key=${posKey(b.at) + ':' + (def.id || def.name)} view=${view} ctx=${ctx} seat=${seat} me=${me} def=${def} open=${open} setOpen=${setOpen} />`;
}

function BuyForm({ view, ctx, seat, me, def, open, setOpen }) {
  const [mode, setMode] = useState('trade');
  const [pay, setPay] = useState(/** @type {any} */ (null));
  const [name, setName] = useState('');
  const [cubes, setCubes] = useState(0);
  const [win, setWin] = useState('');
  const [lose, setLose] = useState('');
  const [ability, setAbility] = useState(false);
  const [send, err] = useAct(ctx, seat);
  const t = view.turn || {};
  const done = (ok) => { if (ok) { setOpen(null); setPay(null); } };
  // A battle ability's effects say "Battle:" already (never "Battle: battle: ...").
  const abil = (def.abilities || []).map((a, i) => {
    const said = a.options.map((o) => optionText(o)).join(' / ');
    return html`<li key=${i}>${(a.battle && !/^Battle:/.test(said) ? 'Battle: ' : '') + said}</li>`;
  });
  const buy = () => {
    // The payment the editor shows (its default until the player changes it).
    send({ type: 'buy', pay: payHolds(pay || payDefault(me, def.cost, 'ship')) }).then(done);
  };
  const attack = () => {
    /** @type {any} */
    const back = { name: name.trim(), cubes };
    if (win.trim()) back.win = [{ kind: 'other', text: win.trim() }];
    if (lose.trim()) back.lose = [{ kind: 'other', text: lose.trim() }];
    if (ability) back.winAbility = true;
    send({ type: 'attack-merchant', back }).then(done);
  };
  return html`<${Panel} id="f-buy" title=${def.encounter ? 'Merchant ship' : 'Buy'} sub=${`${def.name}, ${plural(def.cost, 'cargo', 'cargo')}`} open=${open} setOpen=${setOpen}>
    <div class="fbody">
      <p class="cardname"><strong>${def.name}</strong>${` · Row ${def.row}, ${def.slot} slot · costs ${plural(def.cost, 'cargo', 'cargo')}`}</p>
      ${abil.length ? html`<ul class="abil">${abil}</ul>` : null}
      ${(t.bought || 0) >= 2 ? html`<${Note} cls="warn" text="You have already bought or resolved 2 this turn (p. 10)." />` : null}
      ${def.encounter ? html`<${Choice} cls="modes" value=${mode} set=${setMode} items=${[
        { value: 'trade', label: 'Trade', sub: `pay ${def.cost} cargo (p. 11)`, attrs: { 'data-mode': 'trade' } },
        { value: 'attack', label: 'Attack', sub: 'turn it over and fight (p. 11)', attrs: { 'data-mode': 'attack' } }]} />` : null}
      ${!def.encounter || mode === 'trade' ? html`
        <${PayEditor} me=${me} cost=${def.cost} from="ship" pay=${pay} set=${setPay} />
        <button class="btn primary wide" id="act-buy" onClick=${buy}>${def.encounter ? `Trade for ${def.name}` : `Buy ${def.name} for ${plural(def.cost, 'cargo', 'cargo')}`}</button>
        <${Refusal} err=${err} />
        <${Note} text="It is set aside and sleeved into a card you played at the end of your turn." />` : html`
        <${Note} text="Turn the Merchant ship over and enter its back:" />
        <label class="field">Name <input id="merchant-name" placeholder="name on the back" value=${name} onInput=${(e) => setName(e.currentTarget.value)} /></label>
        <${Stepper} label="black cubes it drops" k="cubes" value=${cubes} max=${20} set=${setCubes} />
        <label class="field">Win <input id="merchant-win" placeholder="if you win (as printed)" value=${win} onInput=${(e) => setWin(e.currentTarget.value)} /></label>
        <label class="field">Lose <input id="merchant-lose" placeholder="if you lose (as printed)" value=${lose} onInput=${(e) => setLose(e.currentTarget.value)} /></label>
        <label class="check"><input type="checkbox" id="merchant-ability" checked=${ability} onChange=${(e) => setAbility(e.currentTarget.checked)} /> it has an ability gained by winning</label>
        <button class="btn primary wide" id="act-attack-merchant" onClick=${attack}>Attack the Merchant ship</button>
        <${Refusal} err=${err} />`}
    </div>
  </${Panel}>`;
}

/**
 * AttackShip attacks an opponent's ship where this player's is, with an
 * Attack flag or, against a pirate-mode ship, without one.
 * @param {{view: any, ctx: any, seat: number, open: string|null, setOpen: (id: string|null) => void}} props
 */
export function AttackShip({ view, ctx, seat, open, setOpen }) {
  const me = player(view, seat) || {};
  const at = posKey(me.ship && me.ship.at);
  const foes = view.players.filter((o) => o.seat !== me.seat && posKey(o.ship && o.ship.at) === at);
  const [target, setTarget] = useState(/** @type {number|null} */ (null));
  const [flag, setFlag] = useState(/** @type {string|null} */ (null));
  const [send, err] = useAct(ctx, seat);
  if (!foes.length) return null;
  // One ship there: she is the target until the player picks.
  const tg = foes.some((o) => o.seat === target) ? target : (foes.length === 1 ? foes[0].seat : null);
  const fought = new Set(((view.turn || {}).fought || []));
  const used = new Set((view.turn || {}).used || []);
  const flags = [];
  for (const c of inPlay(me)) {
    for (const src of abilitiesOf(view, c)) {
      src.abilities.forEach((ab, i) => {
        ab.options.forEach((o, j) => {
          if (ab.battle || !o.effects.some((e) => e.kind === 'attack')) return;
          const key = `${me.seat}/${c.id}/${src.source}/${i}`;
          flags.push({ value: JSON.stringify({ card: c.id, source: src.source, ability: i, option: j }), label: `${cardName(c)}’s Attack flag`, sub: used.has(key) ? 'used this turn' : src.label,
            attrs: { 'data-flag': c.id } });
        });
      });
    }
  }
  const tship = view.players.find((o) => o.seat === tg);
  if (!tship || tship.ship.pirate) flags.push({ value: 'none', label: 'No flag', sub: 'she is in pirate mode (p. 12)', attrs: { 'data-flag': 'none' } });
  const go = () => {
    /** @type {any} */
    const a = { type: 'attack-ship', target: tg };
    if (flag && flag !== 'none') { const f = JSON.parse(flag); a.flag = { card: f.card, ability: f.ability, ...(f.option ? { option: f.option } : {}), ...(f.source !== 'level' ? { source: f.source } : {}) }; }
    send(a).then((ok) => { if (ok) setOpen(null); });
  };
  return html`<${Panel} id="f-attack-ship" title="Attack a ship" sub=${foes.map((o) => o.name).join(', ') + ' here'} open=${open} setOpen=${setOpen}>
    <div class="fbody">
      <${Note} text="Which ship?" />
      <${Choice} cls="targets" value=${tg} set=${setTarget} items=${foes.map((o) => ({ value: o.seat, label: o.name,
        sub: `${o.ship.pirate ? 'pirate mode' : 'mercantile'}${fought.has('ship:' + o.seat) ? ' · already fought this turn' : ''}`, attrs: { 'data-target': o.seat } }))} />
      <${Note} text="With?" />
      ${flags.length ? html`<${Choice} cls="flags" value=${flag} set=${setFlag} items=${flags} />`
        : html`<${Note} cls="warn" text="You have no Attack flag in play: only a pirate-mode ship can be attacked without one (p. 12)." />`}
      <button class="btn primary wide" id="act-attack-ship" disabled=${tg === null} onClick=${go}>${tship ? `Attack ${tship.name}’s ship` : 'Attack'}</button>
      <${Refusal} err=${err} />
    </div>
  </${Panel}>`;
}

/**
 * Buildings attacks the Fort and Garrison of an opponent's island where the
 * ship is (no Attack flag needed, p. 20).
 * @param {{view: any, ctx: any, seat: number}} props
 */
export function Buildings({ view, ctx, seat }) {
  const me = player(view, seat) || {};
  const [send, err] = useAct(ctx, seat);
  const b = boardAt(view, me);
  const isl = b && b.island;
  if (!isl || isl.controller < 0 || isl.controller === me.seat) return null;
  const targets = (isl.buildings || []).filter((k) => k === 'fort' || k === 'garrison');
  if (!targets.length) return null;
  return html`<div class="fpanel flat" id="f-building">
    <button class="btn wide" id="act-attack-building" onClick=${() => send({ type: 'attack-building' })}>
      ${`Attack ${pname(view, isl.controller)}’s ${targets.join(' and ')} on ${placeName(view, b.at)}`}</button>
    <${Refusal} err=${err} />
    <${Note} text="No Attack flag needed; Outposts cannot be attacked (p. 20)." />
  </div>`;
}

/**
 * Master returns 12 cargo at once for Master Merchant (p. 22).
 * @param {{view: any, ctx: any, seat: number, open: string|null, setOpen: (id: string|null) => void}} props
 */
export function Master({ view, ctx, seat, open, setOpen }) {
  const me = player(view, seat) || {};
  const [pay, setPay] = useState(/** @type {any} */ (null));
  const [send, err] = useAct(ctx, seat);
  if ((me.achievements || []).some((a) => norm(a) === 'master-merchant')) return null;
  if ((me.dock || 0) + shipCargo(me) < 12) return null;
  const go = () => {
    const p = pay || payDefault(me, 12, 'either');
    send({ type: 'master-merchant', pay: payment(p) }).then((ok) => { if (ok) { setOpen(null); setPay(null); } });
  };
  return html`<${Panel} id="f-master" title="Master Merchant" sub="return 12 cargo at once (p. 22)" open=${open} setOpen=${setOpen}>
    <div class="fbody">
      <${PayEditor} me=${me} cost=${12} from="either" pay=${pay} set=${setPay} />
      <button class="btn primary wide" id="act-master-merchant" onClick=${go}>Return 12 cargo</button>
      <${Refusal} err=${err} />
    </div>
  </${Panel}>`;
}
