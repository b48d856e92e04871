// @ts-check
// forms-turn.js: the turn's own controls: set sails (with red-slash options
// counted as sails, p. 8), move by tapping the boards (and the order of the
// pirate ships to fight, p. 10), the secret bonus token (p. 6), the card
// lying face up on a board, the end of the turn (sleeving what was gained,
// p. 12, and pirate mode), and the host's action typed as JSON.

import { html, useState, useRef } from '../../js/view.js';
import {
  player, pname, posKey, placeName, inPlay, cardName, abilitiesOf, optionText, advName, moveOf, useMove,
  Toggles, Choice, Note, Refusal, useAct, useCatalog, rowOf,
} from './common.js';

/**
 * Sails sets the sails (once a turn, p. 9) and plots a move: Move starts
 * it, the board's taps make the path, Sail sends it.
 * @param {{view: any, ctx: any, seat: number}} props
 */
export function Sails({ view, ctx, seat }) {
  const t = view.turn || {};
  const me = player(view, seat) || {};
  const myTurn = seat === t.seat;
  const [on, setOn] = useState(/** @type {string[]} */ ([]));
  const [send, err] = useAct(ctx, seat);
  const move = useMove(ctx);
  const [order, setOrder] = useState(/** @type {number[]|null} */ (null));
  // The red-slash options that give sails, taken when setting sails (p. 8).
  const items = [];
  if (myTurn && !t.sailsSet) {
    for (const c of inPlay(me)) {
      for (const src of abilitiesOf(view, c)) {
        src.abilities.forEach((ab, i) => {
          if (ab.options.length < 2) return;
          ab.options.forEach((o, j) => {
            if (o.effects.some((e) => e.kind === 'sails')) items.push({ value: JSON.stringify({ card: c.id, ability: i, option: j, ...(src.source !== 'level' ? { source: src.source } : {}) }), label: `${cardName(c)}: ${optionText(o, c)}`, sub: 'instead of ' + ab.options.filter((_, k) => k !== j).map((x) => optionText(x, c)).join(' / ') });
          });
        });
      }
    }
  }
  const setSails = () => send({ type: 'set-sails', choices: on.length ? on.map((x) => JSON.parse(x)) : undefined }).then((ok) => { if (ok) setOn([]); });
  const stop = () => { moveOf(ctx).set({ moving: false, path: [] }); setOrder(null); };
  const sail = (path, ord) => { stop(); send({ type: 'move', path, order: ord }); };
  // Stopping where two or more opponents' ships are in pirate mode: the
  // mover says in which order to fight them (p. 10).
  const dest = move.path.length ? move.path[move.path.length - 1] : null;
  const fought = new Set(t.fought || []);
  const pirates = view.players.filter((o) => o.seat !== seat && o.ship && o.ship.pirate && posKey(o.ship.at) === dest && !fought.has('ship:' + o.seat));
  const go = () => {
    if (pirates.length < 2) sail(move.path.slice());
    else setOrder([]);
  };
  // Once set, the button says so: greyed out with no word it read as a
  // control that does nothing (sails are set once a turn, p. 9).
  // While a battle waits, the turn goes no further (p. 17): no dead
  // buttons, the battle's steps are where to act.
  if ((view.battles || []).length) return null;
  return html`<div class="row">
      <button class="big" id="act-set-sails" disabled=${!!t.sailsSet} onClick=${setSails}>${t.sailsSet ? 'Sails are set' : 'Set sails'}</button>
      <button class=${'big' + (move.moving ? ' primary' : '')} id="act-move" onClick=${() => { if (!move.moving) { setOrder(null); moveOf(ctx).set({ moving: true, path: [] }); } }}>Move ➜</button>
    </div>
    ${items.length ? html`<div class="sailchoices"><${Note} text="Count a red-slash option as sails (it is then used this turn):" />
      <${Toggles} items=${items} value=${on} set=${setOn} max=${items.length} /></div>` : null}
    <div class="movebox">
      ${move.moving && order === null ? html`Tap the boards to sail through, in order: <span id="move-path">${move.path.length ? move.path.map((k) => placeName(view, k)).join(' → ') : '…'}</span>
        <div class="row"><button class="btn primary" id="move-go" onClick=${go}>Sail</button><button class="btn" onClick=${stop}>Cancel</button></div>` : null}
      ${move.moving && order !== null ? html`<${Note} text=${`${pirates.length} pirate ships at ${placeName(view, dest)}: tap them in the order you fight them (p. 10).`} />
        <${Toggles} items=${pirates.map((o) => ({ value: o.seat, label: o.name, attrs: { 'data-order': o.seat } }))} value=${order} set=${setOrder} max=${pirates.length} />
        <p>${'Order: ' + (order.map((x) => pname(view, x)).join(', ') || 'clockwise from you unless you choose.')}</p>
        <div class="row"><button class="btn primary" id="move-go-order" onClick=${() => sail(move.path.slice(), order.length === pirates.length ? order.slice() : undefined)}>Sail</button>
          <button class="btn" onClick=${stop}>Cancel</button></div>` : null}
    </div>
    <${Refusal} err=${err} />`;
}

/**
 * Bonus: a phone keeps one of its two bonus tokens, secretly (p. 6).
 * @param {{view: any, ctx: any, seat: number}} props
 */
export function Bonus({ view, ctx, seat }) {
  const me = player(view, seat) || {};
  const [send, err] = useAct(ctx, seat);
  if (!(ctx.seat >= 0 && me.bonusDealt && me.bonusDealt.length && !me.bonusToken)) return null;
  return html`<fieldset class="explore" id="bonus-choice"><legend>Keep one bonus token (secret, p. 6)</legend>
    <div class="row">${me.bonusDealt.map((tok) => html`<button key=${tok} class="btn" onClick=${() => send({ type: 'choose-bonus-token', token: tok })}>${tok}</button>`)}</div>
    <${Refusal} err=${err} />
  </fieldset>`;
}

/**
 * CardEntry names the card lying face up on a board, picked by name from
 * the owner's catalog.
 * @param {{view: any, ctx: any, seat: number}} props
 */
export function CardEntry({ view, ctx, seat }) {
  const b = (view.boards || []).find((x) => x.card && x.card.adv && !x.card.adv.id && !x.card.adv.merchant && x.kind);
  if (!b) return null;
  return html`<${CardEntryForm} key=${posKey(b.at)} b=${b} ctx=${ctx} seat=${seat} />`;
}

function CardEntryForm({ b, ctx, seat }) {
  const [id, setId] = useState('');
  const [send, err] = useAct(ctx, seat);
  const cat = useCatalog();
  const cards = cat.advancements.filter((a) => !a.row || a.row === b.card.row);
  const where = b.name || (b.island && b.island.name) || `row ${rowOf(posKey(b.at))}`;
  return html`<fieldset class="explore" id="card-entry"><legend>${`Which Row ${b.card.row} card lies on ${where}?`}</legend>
    ${cards.length ? html`<label class="field">Card
      <select class="entry-card" value=${id} onChange=${(e) => setId(e.currentTarget.value)}>
        <option value="">— pick its name —</option>
        ${cards.map((a) => html`<option key=${a.id} value=${a.id}>${a.name}</option>`)}
      </select></label>`
      : html`<p class="muted">No Row ${b.card.row} card is in your catalog yet: add it on the catalog page, then pick it here.</p>
        <a class="btn" href="#/catalog/dead-reckoning">Open the owner’s catalog</a>`}
    ${cards.length ? html`<button class="btn" disabled=${!id} onClick=${() => send({ type: 'reveal-card', at: posKey(b.at), card: id }).then((ok) => { if (ok) setId(''); })}>Enter the card</button>` : null}
    <${Refusal} err=${err} />
  </fieldset>`;
}

/**
 * EndTurn ends the turn: what was gained this turn is sleeved into a card
 * played (p. 12), and the ship may go into pirate mode.
 * @param {{view: any, ctx: any, seat: number}} props
 */
export function EndTurn({ view, ctx, seat }) {
  const t = view.turn || {};
  const me = player(view, seat) || {};
  const myTurn = seat === t.seat;
  const [sleeves, setSleeves] = useState(/** @type {Object<string, string>} */ ({}));
  const [pirate, setPirate] = useState(false);
  const [send, err] = useAct(ctx, seat);
  const aside = myTurn ? me.setAside || [] : [];
  const played = inPlay(me);
  const go = () => {
    const out = aside.filter((adv) => sleeves[String(adv.inst)]).map((adv) => ({ adv: adv.inst, card: sleeves[String(adv.inst)] }));
    send({ type: 'end-turn', pirate: pirate || undefined, sleeves: out.length ? out : undefined }).then((ok) => { if (ok) { setSleeves({}); setPirate(false); } });
  };
  if ((view.battles || []).length) {
    return html`<div class="endturn"><${Note} text="Finish the battle first; then the turn goes on (p. 17)." /></div>`;
  }
  return html`<div class="endturn">
    ${aside.length ? html`<div class="sleeves" id="f-sleeves">
      <${Note} text="Sleeve what you gained into a card you played this turn (p. 12); the slot is the advancement’s." />
      ${aside.map((adv) => {
        // A card whose slot for this advancement is taken cannot hold it (p. 12).
        const def = adv.id && (view.advancements || {})[adv.id];
        const full = (c) => !!(def && !adv.merchant && c[def.slot]);
        return html`<div class="sleeve" key=${adv.inst}><span>${`${advName(view, adv)}${adv.merchant ? ' (Merchant ship)' : ''} goes into:`}</span>
          <${Choice} value=${sleeves[String(adv.inst)] || ''} set=${(v) => setSleeves({ ...sleeves, [String(adv.inst)]: v })}
            items=${[...played.map((c) => ({ value: c.id, label: cardName(c), sub: full(c) ? `its ${def.slot} slot is full` : undefined, disabled: full(c), attrs: { 'data-sleeve': `${adv.inst}/${c.id}` } })), { value: '', label: 'Keep it set aside' }]} />
        </div>`;
      })}
    </div>` : null}
    <div class="row">
      <label class="check"><input type="checkbox" id="end-pirate" checked=${pirate} onChange=${(e) => setPirate(e.currentTarget.checked)} /> Go into pirate mode</label>
      <button class="big primary" id="act-end-turn" onClick=${go}>End turn</button>
    </div>
    <${Refusal} err=${err} />
  </div>`;
}

/**
 * HostJSON: the host may still send any action as JSON (a correction of the
 * table, a case no form covers); players never need it.
 * @param {{ctx: any, seat: number}} props
 */
export function HostJSON({ ctx, seat }) {
  const area = useRef(/** @type {HTMLTextAreaElement|null} */ (null));
  const [err, setErr] = useState(/** @type {any} */ (null));
  if (!ctx.host) return null;
  const go = () => {
    let a;
    setErr(null);
    try { a = JSON.parse(area.current.value); } catch (e) { setErr({ message: 'the action does not read as JSON: ' + e.message }); return; }
    ctx.submit(a, { shown: true }).catch(setErr);
  };
  return html`<details class="more"><summary>Advanced (host): an action as JSON</summary>
    <textarea id="raw-json" rows="4" class="mono" ref=${area} placeholder=${`{"type":"...","seat":${seat}}`}></textarea>
    <button class="btn" id="raw-send" onClick=${go}>Send</button>
    <${Refusal} err=${err} />
    <p class="muted">The fields of each action are in docs/api.md.</p>
  </details>`;
}
