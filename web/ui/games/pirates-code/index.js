// @ts-check
// The Pirate's Code's screen module (engine/piratescode, rules
// "pirates-code"). The tablet shows the whole table: the 4x4 map with the
// ports, the merchant ships, the Navy and the pirate ships; each player's
// wheel and mats; the market; the fight and its dice. A phone shows its own
// player's mats and only what that player may do now (the view's youMay
// and hints). Everything shown comes from the view: no card, price or rule
// is copied here. A refused action is shown beside the control tapped.

import { html, useState } from '../../js/view.js';
import { errorText } from '../../js/ui.js';

// The "just score" page: an end counted at the table, scored by the engine.
export { Score } from './score.js';

const css = document.createElement('link');
css.rel = 'stylesheet';
css.href = new URL('./pc.css', import.meta.url).href;
document.head.append(css);

// The view's typedefs are generated from engine/piratescode's structs
// (go run ./tools/jsdoc).
/** @typedef {import('./types.gen.js').PCView} View */

/** @param {string} s */
const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, ' ') : '');

// Words for the bonus kinds and assignments: the screen's own wording of
// the kit's codes, so no code reaches a player.
/** @type {Record<string, string>} */
const BONUS_WORDS = {
  bury: 'Bury a treasure', gold: 'Take gold', sail: 'Sail again', reassign: 'Move your Deckhands', reroll: 'Re-roll',
  plunder: 'Plunder', trade: 'Trade', search: 'Search', attack: 'Attack', 'crew-up': 'Crew Up', exchange: 'Exchange booty',
  'sail-navy': 'Sail the Navy', 'sail-merchant': 'Sail a merchant ship', 'special-trade': 'Special trade',
};
/**
 * bonusWords names a bonus action; a special trade says what it hands in
 * and for how much ("Special trade: Sugarcane and Rum for 7 gold"; it read
 * "Special trade 7").
 * @param {any} b
 */
const bonusWords = (b) => (b.kind === 'special-trade' && b.booty ? `Special trade: ${listWords(b.booty.map(cap), 'and')} for ${b.n} gold`
  : (BONUS_WORDS[b.kind] || cap(b.kind)) + (b.n ? ` ${b.n}` : '') + (b.faces ? ` (faces ${b.faces.join(', ')})` : ''));
const ASSIGN = [['rigging', 'Rigging'], ['cannons', 'Cannons'], ['extort', 'Extort'], ['repair', 'Repair']];
/** @type {Record<string, string>} */
const STAGE_WORDS = {
  'attack-roll': 'the attacker rolls', 'attack-adjust': 'the attacker may use sure-fire tokens and re-rolls, then counts',
  'defend-roll': 'the defender rolls', 'defend-adjust': 'the defender may use sure-fire tokens, then counts',
};
/** @type {Record<string, string>} */
const STEP_WORDS = { order: 'moves the Captain on the wheel', sail: 'may sail, then carries out the order', act: 'carries out the order', bonus: 'takes bonus actions, then ends the turn' };

/**
 * title is the table page's title.
 * @param {View} view
 */
export function title(view) {
  if (view.over) return "The Pirate's Code · over";
  return `The Pirate's Code · ${view.turn.name}'s turn`;
}

/** @param {View} view */
export function accepts(view) { return !!view && Array.isArray(view.map) && Array.isArray(view.market) && !!view.turn; }

/** @param {{seat: number, view: View, ctx: any}} p */
function Chip({ seat, view, ctx }) {
  const p = view.players[seat];
  if (!p) return null;
  return html`<span class="chip" style=${'--c:' + ctx.colour(p.colour)}>${p.name}</span>`;
}

/** @param {{f: number}} p */
const Die = ({ f }) => html`<span class="pc-die" title=${'a ' + f}>${f}</span>`;

/**
 * Table: the tablet's whole table, or a phone's own mats first.
 * @param {{view: View, ctx: any}} props
 */
export function Table({ view, ctx }) {
  const me = ctx && ctx.seat >= 0 ? view.players[ctx.seat] : null;
  // A finished game has no turn line: the end panel above the table says
  // who won (it once said "The game is over." a second time here).
  const turn = view.over ? null : html`<p class="pc-turn" id="pc-turn"><${Chip} seat=${view.turn.seat} view=${view} ctx=${ctx} /> ${STEP_WORDS[view.turn.step] || view.turn.step}${view.turn.order ? html` · order: <strong>${cap(view.turn.order)}</strong>` : null}${view.turn.crossed ? ' · crossed the Ship Line' : ''}
    ${view.endBy >= 0 ? html`<br />${view.players[view.endBy].name} has buried three treasures: the round is played out.` : null}</p>`;
  if (me) {
    return html`<section class="pc pc-phone" id="pc-table">
      ${turn}
      <${Fight} view=${view} ctx=${ctx} />
      <${Mats} p=${me} view=${view} ctx=${ctx} mine=${true} />
      <details class="pc-more"><summary>The map, the market and the other players</summary>
        <${MapGrid} view=${view} ctx=${ctx} />
        <${Market} view=${view} />
        ${view.players.filter((/** @type {any} */ p) => p.seat !== me.seat).map((/** @type {any} */ p) => html`<${Mats} key=${p.seat} p=${p} view=${view} ctx=${ctx} />`)}
      </details>
    </section>`;
  }
  return html`<section class="pc" id="pc-table">
    ${turn}
    <${Fight} view=${view} ctx=${ctx} />
    <div class="pc-top">
      <${MapGrid} view=${view} ctx=${ctx} />
      <div class="pc-side">
        <${Market} view=${view} />
        <${Merchants} view=${view} />
        <${CrewRow} view=${view} />
      </div>
    </div>
    <div class="pc-players" id="pc-players">
      ${view.players.map((/** @type {any} */ p) => html`<${Mats} key=${p.seat} p=${p} view=${view} ctx=${ctx} />`)}
    </div>
  </section>`;
}

/** @param {View} view */
function winners(view) {
  const w = (view.winners || []).map((/** @type {number} */ s) => view.players[s].name);
  return w.length ? `${w.join(' and ')} ${w.length > 1 ? 'win' : 'wins'}.` : '';
}

/**
 * endWhy says why the winner won, as the End of Game tie-breaks go (p. 16):
 * only a pirate with all 3 treasures buried can win; among those, the
 * highest legend level, then the most gold, then the most booty.
 * @param {View} view
 */
function endWhy(view) {
  const w = (view.winners || []).map((/** @type {number} */ s) => view.players[s]);
  if (!w.length) return 'Nobody buried 3 treasures: nobody wins.';
  const names = w.map((/** @type {any} */ p) => p.name).join(' and ');
  const rivals = view.players.filter((/** @type {any} */ p) => p.buried >= 3 && !w.includes(p));
  if (w.length > 1) return `${names} buried 3 treasures each and are tied on legend level, gold and booty: they share the win.`;
  const top = w[0];
  if (!rivals.length) return `${top.name} is the only pirate with 3 treasures buried.`;
  const by = (/** @type {(p: any) => number} */ f) => rivals.every((/** @type {any} */ p) => f(top) > f(p));
  const all = names + ' and ' + rivals.map((/** @type {any} */ p) => p.name).join(' and ');
  if (by((p) => p.legend)) return `${all} buried 3 treasures each: ${top.name} reached the highest legend level, ${top.legendName}.`;
  if (by((p) => p.gold)) return `${all} buried 3 treasures each and reached the same legend level: ${top.name} has the most gold, ${top.gold}.`;
  return `${all} buried 3 treasures each with the same legend level and gold: ${top.name} has the most booty, ${top.booty.length}.`;
}

/**
 * EndScreen: who won, what ended the game, why the winner won, and each
 * pirate's treasures, legend level, gold and booty (the End of Game
 * tie-breaks, in that order).
 * @param {{view: View}} props
 */
export function EndScreen({ view }) {
  const ender = view.endBy >= 0 ? view.players[view.endBy] : null;
  const solo = view.players.some((/** @type {any} */ p) => p.automa);
  const ended = !ender ? '' : solo ? `${ender.name} buried a third treasure: a solo game ends at once (rulebook: Solo, Game End).`
    : `${ender.name} buried a third treasure; the game ended when everyone had taken as many turns (rulebook p. 16, End of Game).`;
  // A sentence may begin with "the Legendary Pirate": capitalised here
  // (names keep their hyphens, which cap() turns into spaces).
  const upper = (/** @type {string} */ s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : '');
  return html`<section class="pc-end" id="pc-end"><h2 class="winner">${upper(winners(view)) || 'The game is over.'}</h2>
    ${ended ? html`<p id="pc-end-reason">${upper(ended)}</p>` : null}
    <p id="pc-end-why">${upper(endWhy(view))}</p>
    <ul>${view.players.map((/** @type {any} */ p) => html`<li key=${p.seat} data-seat=${p.seat}><strong>${p.name}</strong>: ${p.buried} of 3 treasures buried${p.automa ? '' : ` · legend: ${p.legendName}`} · ${p.gold} gold${p.automa ? '' : ` · ${p.booty.length} booty`}</li>`)}</ul></section>`;
}

/** @param {{view: View, ctx: any}} props */
function MapGrid({ view, ctx }) {
  return html`<div class="pc-map" id="pc-map">${view.map.map((/** @type {any} */ c) => {
    const k = c.card;
    return html`<div key=${c.cell} class=${'pc-cell' + (c.port ? ' port' : '') + (k.storm ? ' storm' : '')} data-cell=${c.cell}>
      <div class="pc-name">${c.place}</div>
      <div class="pc-feat">
        ${k.settlement ? html`<span title="booty in the settlement">Settlement ${k.settlement}</span>` : null}
        ${k.market ? html`<span>Market: ${cap(k.market)}</span>` : null}
        ${k.cove ? html`<span>Cove</span>` : null}
        ${k.storm ? html`<span>Storm</span>` : null}
        ${k.buryCost ? html`<span>Bury ${k.buryCost} gold</span>` : null}
        ${c.port ? html`<span>Port</span>` : null}
        ${c.searchToken ? html`<span class="muted">search token</span>` : null}
      </div>
      ${c.buried >= 0 ? html`<div class="pc-buried" style=${'--c:' + ctx.colour(view.players[c.buried].colour)}>Treasure of <span class="pc-owner">${view.players[c.buried].name}</span></div>` : null}
      <div class="pc-ships">
        ${(c.pirates || []).map((/** @type {number} */ s) => html`<span key=${'p' + s} class="pc-ship" style=${'--c:' + ctx.colour(view.players[s].colour)}>⚓ ${view.players[s].name}${view.players[s].inCove ? ' (hidden)' : ''}</span>`)}
        ${(c.merchants || []).map((/** @type {string} */ m) => html`<span key=${'m' + m} class=${'pc-merchant ' + m.toLowerCase()}>${m} merchant</span>`)}
        ${c.navy ? html`<span class="pc-navy">Navy</span>` : null}
      </div>
    </div>`;
  })}</div>`;
}

/** @param {{view: View}} props */
function Market({ view }) {
  return html`<div class="pc-market" id="pc-market"><h3>Market</h3>
    <ul>${view.market.map((/** @type {any} */ m) => html`<li key=${m.price}><strong>${cap(m.booty)}</strong> sells at ${m.price} gold</li>`)}</ul>
    <p class="muted">In the bag: ${Object.entries(view.bag || {}).map(([b, n]) => `${n} ${cap(b)}`).join(', ')}</p></div>`;
}

/** @param {{view: View}} props */
function Merchants({ view }) {
  return html`<div class="pc-merchants" id="pc-merchants"><h3>Merchant ships</h3>
    <ul>${view.merchants.map((/** @type {any} */ m) => html`<li key=${m.name}><strong>${m.name}</strong> at ${cellName(view, m.cell)}, heading for ${cellName(view, m.target)}${m.booty ? `, carrying ${cap(m.booty)}` : ''}.
      Damage to sink ${m.card.damage}, pays ${m.card.gold} gold</li>`)}</ul>
    <p class="muted">The Navy is at ${cellName(view, view.navy)}. ${view.merchantDeck} merchant cards, ${view.crewDeck} crew cards left; ${view.surefireStock} sure-fire tokens in the supply.</p></div>`;
}

/**
 * cellName names a cell as players do: the engine's place (the map card's
 * printed name, else its row and column in words), never its id.
 * @param {View} view @param {string} cell
 */
function cellName(view, cell) {
  const c = view.map.find((/** @type {any} */ x) => x.cell === cell);
  return c ? c.place : 'off the map';
}

/** @param {{view: View}} props */
function CrewRow({ view }) {
  return html`<div class="pc-crewrow" id="pc-crewrow"><h3>Crew for hire</h3>
    <ul>${(view.crewRow || []).map((/** @type {any} */ k, i) => html`<li key=${i}>${k ? html`<${CardText} k=${k} />` : html`<span class="muted">empty</span>`}</li>`)}</ul></div>`;
}

/** @param {{k: any}} props */
function CardText({ k }) {
  return html`<span class="pc-card"><strong>${k.name}</strong>${(k.symbols || []).length ? html` · hits on ${k.symbols.join(', ')}` : null}${k.hits ? ` · +${k.hits} ${k.hits === 1 ? 'hit' : 'hits'}` : ''}${k.trigger && (k.bonuses || []).length ? ` · with ${cap(k.trigger)}: ${k.bonuses.map(bonusWords).join(', ')}` : ''}</span>`;
}

/** @param {{p: any, view: View, ctx: any, mine?: boolean}} props */
function Mats({ p, view, ctx, mine }) {
  const turn = view.turn.seat === p.seat && !view.over;
  return html`<div class=${'pc-mats' + (turn ? ' turn' : '')} data-seat=${p.seat} style=${'--c:' + ctx.colour(p.colour)}>
    <h3>${mine ? 'Your mats' : p.name}${p.automa && !/legendary pirate/i.test(p.name) ? ' (the Legendary Pirate)' : ''}${turn ? ' · to play' : ''}</h3>
    <div class="pc-stats">
      <span class="pc-gold">Gold <strong>${p.gold}</strong>${p.automa && p.solo ? ` of ${p.solo.goldTop}` : ' of 13'}</span>
      <span class="pc-treasures">Treasures <strong>${p.buried}</strong> of 3</span>
      ${p.automa ? null : html`<span>Legend: ${legendWords(p)}</span>`}
      <span>Sail ${p.sail} · ${p.dice} ${p.dice === 1 ? 'die' : 'dice'}</span>
      <span>Ship at ${cellName(view, p.cell)}${p.inCove ? ', hidden in the cove' : ''}</span>
      ${p.surefire ? html`<span>Sure-fire tokens ${p.surefire}</span>` : null}
      ${p.bloodied ? html`<span>Bloodied</span>` : null}
    </div>
    <div class="pc-booty">Booty: ${p.booty.length ? p.booty.map(cap).join(', ') : 'none'}${p.kept && p.kept.length ? ` · kept tokens: ${p.kept.map((/** @type {any} */ t) => cap(t.kind) + (t.n ? ' ' + t.n : '')).join(', ')}` : ''}</div>
    <ol class="pc-wheel" title="the wheel">${p.wheel.map((/** @type {any} */ w) => html`<li key=${w.space} class=${w.captain ? 'captain' : ''}>
      <span class="pc-space">${w.space}</span> ${w.label}${w.captain ? html` <strong>⎈ Captain</strong>` : null}${w.deckhands ? html` <span class="pc-hands">${w.deckhands} Deckhand${w.deckhands > 1 ? 's' : ''}</span>` : null}
      ${p.automa && p.solo && p.solo.targets && p.solo.targets[w.space] ? html` <span class="muted">target: ${cap(p.solo.targets[w.space])}</span>` : null}
    </li>`)}</ol>
    <div class="pc-assign">${ASSIGN.map(([id, label]) => html`<span key=${id}>${label} <strong>${(p.assign || {})[id] || 0}</strong></span>`)}${p.reserve ? html`<span>${`${p.reserve} ${p.reserve === 1 ? 'Deckhand' : 'Deckhands'} waiting on the legend track`}</span>` : null}</div>
    ${p.automa && p.solo ? html`<p class="muted">Helm: ${p.solo.helm}; Legend mat: ${p.solo.legend}, track space ${p.solo.track}. Next die: ${p.solo.nextRoll}</p>`
      : html`<div class="pc-cards">Captain: <${CardText} k=${p.captain} />${p.crew.map((/** @type {any} */ k) => html`<div key=${k.id}>Crew: <${CardText} k=${k} /></div>`)}</div>`}
  </div>`;
}

/**
 * Fight: the attack going on, what the roll is for and the faces rolled,
 * with the faces to tap for each open roll request.
 * @param {{view: View, ctx: any}} props
 */
function Fight({ view, ctx }) {
  const f = view.fight;
  const rolls = view.rolls || [];
  if (!f && !rolls.length) return null;
  return html`<section class="pc-fight" id="pc-fight">
    ${f ? html`<h2>${view.players[f.attacker].name} attacks ${targetName(view, f.target)}</h2>
      <p>Now ${STAGE_WORDS[f.stage] || f.stage}.</p>
      ${f.faces && f.faces.length ? html`<p class="pc-faces" id="pc-faces">Rolled: ${f.faces.map((/** @type {number} */ x, i) => html`<${Die} key=${i} f=${x} />`)} → <strong>${f.total}</strong> damage${f.against ? html` (the ship sinks at ${f.against})` : null}${f.stage.startsWith('defend') ? html`, against the attacker's ${f.attackTotal}` : null}</p>` : null}` : null}
    ${rolls.map((/** @type {any} */ r) => html`<p key=${r.id} class="pc-waiting">Waiting for ${diceCount(r)} ${diceCount(r) === 1 ? 'die' : 'dice'}: ${r.purpose}.</p>`)}
  </section>`;
}

/**
 * RollSay: what a roll request is for, and where its dice are read or
 * tapped in: the shell's roll panel ("The table waits for", above Act on
 * every screen), which shows the camera's read to confirm or correct. A
 * second set of face buttons here, which ignored the camera's read, left a
 * newcomer two ways of answering the same roll.
 * @param {{r: any}} props
 */
function RollSay({ r }) {
  const n = diceCount(r);
  return html`<div class="pc-roll" data-request=${r.id}>
    <p><strong>Roll ${n} ${n === 1 ? 'die' : 'dice'}</strong>: ${r.purpose}.</p>
    <p class="muted">Roll ${n === 1 ? 'it' : 'them'} in the tray: the camera reads ${n === 1 ? 'it' : 'them'}. Confirm the read, or tap what ${n === 1 ? 'it shows' : 'they show'}, under “The table waits for”.</p>
  </div>`;
}

/** targetName: a merchant ship by its colour, a pirate by name. @param {View} view @param {string} t */
const targetName = (view, t) => (view.merchants.some((/** @type {any} */ m) => m.name === t) ? `the ${t} merchant ship` : t);

/** diceCount is how many dice a roll request asks for. @param {any} r */
const diceCount = (r) => (r.dice || []).reduce((/** @type {number} */ a, /** @type {any} */ d) => a + (d.count || 1), 0);

/** @param {{err: any}} props */
function Refusal({ err }) {
  if (!err) return null;
  return html`<p class=${'pc-refusal' + (err.status === 422 ? ' rule' : '')} role="alert">${err.status === 422 ? 'Not allowed: ' : 'Problem: '}${errorText(err)}</p>`;
}

/**
 * actingSeat is the seat this screen acts for now: a phone's own; on the
 * tablet the side of the fight that must act, else the player whose turn
 * it is.
 * @param {View} view @param {any} ctx
 */
function actingSeat(view, ctx) {
  if (ctx.seat >= 0) return ctx.seat;
  const f = view.fight;
  if (f) {
    if (f.stage.startsWith('defend')) {
      const d = view.players.findIndex((/** @type {any} */ p) => p.name === f.target);
      return d;
    }
    return f.attacker;
  }
  return view.turn.seat;
}

/**
 * may lists what the acting seat may do: a phone's youMay; the tablet,
 * which gets the public view, follows the step the turn is at.
 * @param {View} view @param {any} ctx @param {number} seat
 */
function may(view, ctx, seat) {
  if (ctx.seat >= 0) return view.youMay || [];
  const p = view.players[seat];
  if (!p || p.automa) return [];
  const f = view.fight;
  if (f) return f.stage.endsWith('adjust') ? ['surefire', 'resolve'].concat(f.stage === 'attack-adjust' ? ['reroll'] : []) : [];
  const order = view.turn.order === 'hide-out' ? 'hide-out' : view.turn.order;
  switch (view.turn.step) {
    case 'order': return ['choose-order'];
    case 'sail': return ['sail', order, 'pass-order', 'bonus', 'end-turn'];
    case 'act': return [order, 'pass-order', 'bonus', 'end-turn'];
    default: return ['bonus', 'end-turn'];
  }
}

/**
 * Actions: only what this screen's player may do now, each refusal shown
 * beside the control tapped.
 * @param {{view: View, ctx: any}} props
 */
export function Actions({ view, ctx }) {
  // Dice to roll come first: what they are for, where the player acts
  // (the tablet for the table; a phone whose player rolls now).
  const rolls = view.rolls || [];
  if (rolls.length && (ctx.seat < 0 || (view.youMay || []).includes('roll'))) {
    return html`<div class="pc-act" id="pc-act">${rolls.map((/** @type {any} */ r) => html`<${RollSay} key=${r.id} r=${r} />`)}</div>`;
  }
  const seat = actingSeat(view, ctx);
  const can = may(view, ctx, seat);
  const p = view.players[seat];
  if (!p) return html`<p class="muted">Nothing to do here now.</p>`;
  if (!can.length) {
    if ((view.rolls || []).length) return html`<p class="muted" id="pc-wait">The table rolls the dice: see above.</p>`;
    const who = view.fight ? view.players[actingSeat(view, { seat: -1 })] : view.players[view.turn.seat];
    return html`<p class="muted" id="pc-wait">${who ? who.name : 'Someone else'} ${who && who.automa ? 'plays its turn' : 'plays now'}.</p>`;
  }
  // No key by version here: an update from another screen must not wipe
  // a form being filled in; each form clears itself once its action passed.
  return html`<div class="pc-act" id="pc-act">
    <p class="pc-who">${ctx.seat >= 0 ? 'Your turn' : html`<${Chip} seat=${seat} view=${view} ctx=${ctx} /> acts`}${view.fight ? ` in the fight against ${targetName(view, view.fight.target)}` : ''}.</p>
    ${view.fight && view.fight.faces && view.fight.faces.length ? html`<p class="pc-faces">Rolled: ${view.fight.faces.map((/** @type {number} */ x, i) => html`<${Die} key=${i} f=${x} />`)} → <strong>${view.fight.total}</strong> damage</p>` : null}
    ${can.includes('choose-order') ? html`<${ChooseOrder} view=${view} ctx=${ctx} seat=${seat} />` : null}
    ${can.includes('sail') ? html`<${Sail} view=${view} ctx=${ctx} seat=${seat} />` : null}
    ${['plunder', 'trade', 'crew-up', 'search', 'attack', 'hide-out'].filter((o) => can.includes(o)).map((o) => html`<${Order} key=${o} o=${o} view=${view} ctx=${ctx} seat=${seat} />`)}
    ${can.includes('bonus') ? html`<${Bonuses} view=${view} ctx=${ctx} seat=${seat} />` : null}
    ${can.includes('surefire') ? html`<${Surefire} view=${view} ctx=${ctx} seat=${seat} />` : null}
    ${can.includes('reroll') ? html`<${Reroll} view=${view} ctx=${ctx} seat=${seat} />` : null}
    ${can.includes('resolve') ? html`<${Button} id="pc-resolve" label=${view.fight && view.fight.stage.startsWith('defend') ? 'Count the defence' : 'Count the damage'} action=${{ type: 'resolve', seat }} ctx=${ctx} />` : null}
    ${can.includes('pass-order') ? html`<${Button} id="pc-pass" label="Skip the order" action=${{ type: 'pass-order', seat }} ctx=${ctx} />` : null}
    ${can.includes('end-turn') ? (view.turn.crossed ? html`<${ShipLine} view=${view} ctx=${ctx} seat=${seat} />`
      : html`<${Button} id="pc-end-turn" label="End the turn" cls="primary" action=${{ type: 'end-turn', seat }} ctx=${ctx} />`) : null}
  </div>`;
}

/**
 * Button sends one action; its refusal shows right under it.
 * action may be a function building the action when tapped; done runs once
 * it passed (a form clears itself then).
 * @param {{id: string, label: any, action: any, ctx: any, cls?: string, disabled?: boolean, note?: any, done?: () => void}} props
 */
function Button({ id, label, action, ctx, cls = '', disabled = false, note = null, done }) {
  const [err, setErr] = useState(/** @type {any} */ (null));
  return html`<div class="pc-control">
    <button class=${'btn big ' + cls} id=${id} disabled=${disabled} onClick=${() => ctx.submit(typeof action === 'function' ? action() : action, { shown: true }).then(() => { setErr(null); if (done) done(); }, setErr)}>${label}</button>
    ${note ? html`<span class="muted pc-note">${note}</span>` : null}
    <${Refusal} err=${err} />
  </div>`;
}

/** @param {{view: View, ctx: any, seat: number}} props */
function ChooseOrder({ view, ctx, seat }) {
  const p = view.players[seat];
  const hints = view.hints && view.hints.wheel;
  const moves = hints || p.wheel.filter((/** @type {any} */ w) => !w.captain).map((/** @type {any} */ w) => ({ space: w.space, label: w.label, ok: true }));
  // What a move costs, or why it is not allowed, is said inside its own
  // button: under it, it sat between two buttons and read as the next
  // one's.
  const note = (/** @type {any} */ m) => (m.ok ? [m.deckhands ? `costs ${m.deckhands} Deckhand${m.deckhands > 1 ? 's' : ''}` : '', m.crosses ? 'crosses the Ship Line' : ''].filter(Boolean).join(', ') : m.why);
  return html`<div class="pc-group" id="pc-choose"><h3>Move the Captain to</h3>
    ${moves.map((/** @type {any} */ m) => html`<${Button} key=${m.space} id=${'pc-order-' + m.space} cls="pc-move" disabled=${!m.ok}
      label=${html`${m.label} (space ${m.space})${note(m) ? html`<span class="pc-btnnote">${note(m)}</span>` : null}`}
      action=${{ type: 'choose-order', seat, to: m.space }} ctx=${ctx} />`)}
  </div>`;
}

/**
 * Sail: tap the cards to sail through, in order, then Sail.
 * @param {{view: View, ctx: any, seat: number, bonus?: any}} props
 */
function Sail({ view, ctx, seat, bonus }) {
  const [path, setPath] = useState(/** @type {string[]} */ ([]));
  const [jostle, setJostle] = useState('');
  const [err, setErr] = useState(/** @type {any} */ (null));
  const p = view.players[seat];
  const reach = view.hints && view.hints.reach;
  const storms = path.filter((c) => { const x = view.map.find((/** @type {any} */ m) => m.cell === c); return x && x.card.storm; }).length;
  const go = () => {
    /** @type {any} */
    const a = bonus ? { type: 'bonus', seat, card: bonus.card, index: bonus.index, path } : { type: 'sail', seat, path };
    if (storms && jostle) a.jostle = [jostle];
    ctx.submit(a, { shown: true }).then(() => { setPath([]); setJostle(''); setErr(null); }, setErr);
  };
  return html`<div class="pc-group pc-sail" id=${bonus ? 'pc-bonus-sail' : 'pc-sail'}><h3>${bonus ? 'Sail (bonus)' : 'Sail'}: tap the cards in order (sail ${p.sail})</h3>
    <div class="pc-minimap">${view.map.map((/** @type {any} */ c) => html`<button key=${c.cell} class=${'pc-to' + (path.includes(c.cell) ? ' on' : '') + (c.cell === p.cell ? ' here' : '') + (reach && reach.includes(c.cell) ? ' reach' : '')}
      data-to=${c.cell} onClick=${() => setPath([...path, c.cell])}>${c.place}${c.cell === p.cell ? ' (here)' : ''}${path.includes(c.cell) ? ` · ${path.indexOf(c.cell) + 1}` : ''}</button>`)}</div>
    <p>Route: ${path.length ? path.map((c) => cellName(view, c)).join(' → ') : html`<span class="muted">tap a card next to your ship</span>`}</p>
    ${storms ? html`<${Jostle} p=${p} value=${jostle} set=${setJostle} what=${`The storm${storms > 1 ? 's' : ''} on this route jostle${storms > 1 ? '' : 's'} a Deckhand into Repair: the first from`} />` : null}
    <div class="row"><button class="btn big primary" id=${bonus ? 'pc-bonus-sail-go' : 'pc-sail-go'} disabled=${!path.length} onClick=${go}>Sail</button>
      <button class="btn" disabled=${!path.length} onClick=${() => setPath([])}>Start again</button></div>
    <${Refusal} err=${err} />
  </div>`;
}

/**
 * TradeChoices sells booty at the ship's market: what it buys and at what
 * price, one button per count the player can sell ("Sell 2 Coffee"), or
 * why nothing sells here. Three bare "Sell 1/2/3" buttons named neither
 * the booty nor the price, and were refused where there is no market or
 * none of its booty aboard.
 * @param {{view: View, p: any, id: string, ctx: any, action: (n: number) => any}} props
 */
function TradeChoices({ view, p, id, ctx, action }) {
  const c = view.map.find((/** @type {any} */ x) => x.cell === p.cell);
  const place = c ? c.place : 'this card';
  const t = c && c.card && c.card.market;
  if (!t) return html`<p class="muted pc-trade-none">${place} has no market: there is nothing to sell here.</p>`;
  const have = (p.booty || []).filter((/** @type {string} */ x) => x === t).length;
  const m = view.market.find((/** @type {any} */ x) => x.booty === t);
  const price = m ? ` at ${m.price} gold each` : '';
  if (!have) return html`<p class="muted pc-trade-none">${place}’s market buys only ${cap(t)}${price}, and you carry none.</p>`;
  return html`<p>${place}’s market buys ${cap(t)}${price}.</p>
    ${[1, 2, 3].filter((n) => n <= have).map((n) => html`<${Button} key=${n} id=${id + n} label=${`Sell ${n} ${cap(t)}`} action=${action(n)} ctx=${ctx} />`)}`;
}

/**
 * Order: carrying out the order the Captain chose.
 * @param {{o: string, view: View, ctx: any, seat: number}} props
 */
function Order({ o, view, ctx, seat }) {
  const p = view.players[seat];
  switch (o) {
    case 'trade': {
      return html`<div class="pc-group" id="pc-trade"><h3>Trade</h3>
        <${TradeChoices} view=${view} p=${p} id="pc-trade-" ctx=${ctx} action=${(/** @type {number} */ n) => ({ type: 'trade', seat, count: n })} /></div>`;
    }
    case 'crew-up':
      return html`<${CrewUp} view=${view} ctx=${ctx} seat=${seat} />`;
    case 'plunder':
    case 'search':
      return html`<${Draws} view=${view} ctx=${ctx} seat=${seat} o=${o} />`;
    case 'attack':
      return html`<div class="pc-group" id="pc-attack"><h3>Attack</h3>
        ${targets(view, seat).map(([t, label]) => html`<${Button} key=${t} id=${'pc-attack-' + t} label=${label} action=${{ type: 'attack', seat, target: t }} ctx=${ctx} />`)}</div>`;
    case 'hide-out':
      return html`<${HideOut} view=${view} ctx=${ctx} seat=${seat} />`;
    default:
      return html`<div class="pc-group"><${Button} id=${'pc-' + o} label=${cap(o)} note=${o === 'plunder' ? `your hold: ${p.booty.length ? p.booty.map(cap).join(', ') : 'empty'}` : ''} action=${{ type: o, seat }} ctx=${ctx} /></div>`;
  }
}

/**
 * targets: the ships on the attacker's card (the engine still judges).
 * @param {View} view @param {number} seat
 * @returns {[string, string][]}
 */
function targets(view, seat) {
  const p = view.players[seat];
  const cell = /** @type {any} */ (view.map.find((/** @type {any} */ c) => c.cell === p.cell) || {});
  /** @type {[string, string][]} */
  const out = (cell.merchants || []).map((/** @type {string} */ m) => [m.toLowerCase(), `the ${m} merchant ship`]);
  for (const s of cell.pirates || []) if (s !== seat) out.push(['seat' + (s + 1), view.players[s].name]);
  if (!out.length) out.push(...view.merchants.map((/** @type {any} */ m) => /** @type {[string, string]} */ ([m.name.toLowerCase(), `the ${m.name} merchant ship`])));
  return out;
}

/**
 * Bonuses: the bonus actions the order triggers (the phone's hints; the
 * tablet reads the cards whose trigger is the order).
 * @param {{view: View, ctx: any, seat: number}} props
 */
function Bonuses({ view, ctx, seat }) {
  const p = view.players[seat];
  /** @type {any[]} */
  let list = view.hints && view.hints.bonuses;
  if (!list) {
    list = [];
    for (const [id, k] of [['captain', p.captain], ...p.crew.map((/** @type {any} */ k) => [k.id, k])]) {
      if (k.trigger !== view.turn.order) continue;
      (k.bonuses || []).forEach((/** @type {any} */ b, i) => list.push({ card: id, name: k.name, index: i, kind: b.kind, n: b.n, used: false }));
    }
  }
  // The hints carry no booty: a special trade's comes from its card.
  list = list.map((b) => {
    const k = b.card === 'captain' ? p.captain : p.crew.find((/** @type {any} */ x) => x.id === b.card);
    const cb = k && (k.bonuses || [])[b.index];
    return cb && cb.booty ? { ...b, booty: cb.booty } : b;
  });
  if (!list.length) return null;
  return html`<div class="pc-group" id="pc-bonuses"><h3>Bonus actions</h3>
    ${list.map((/** @type {any} */ b) => html`<${Bonus} key=${b.card + '/' + b.index} b=${b} view=${view} ctx=${ctx} seat=${seat} />`)}
  </div>`;
}

/** @param {{view: View, ctx: any, seat: number}} props */
function Surefire({ view, ctx, seat }) {
  const p = view.players[seat];
  const f = view.fight;
  if (!p.surefire || !f || !f.faces) return null;
  return html`<div class="pc-group" id="pc-surefire"><h3>Sure-fire token (${p.surefire} left): turn a die to</h3>
    ${f.faces.map((/** @type {number} */ x, i) => html`<div key=${i} class="row">Die ${i + 1} (<${Die} f=${x} />): ${[6, 5, 4, 3, 2, 1].map((face) => html`<${Button} key=${face} id=${`pc-sf-${i}-${face}`} label=${String(face)} action=${{ type: 'surefire', seat, die: i, face }} ctx=${ctx} />`)}</div>`)}
  </div>`;
}

/** rerollFaces: the faces a card's Reroll rolls again. @param {any} k @returns {number[]} */
const rerollFaces = (k) => (k.bonuses || []).filter((/** @type {any} */ b) => b.kind === 'reroll').flatMap((/** @type {any} */ b) => b.faces || []);

/** listWords: "1, 2 or 3" (conj "or"), "1 and 2". @param {Array<string|number>} xs @param {string} [conj] */
const listWords = (xs, conj = 'or') => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} ${conj} ${xs[xs.length - 1]}` : String(xs.length ? xs[0] : ''));

/**
 * Reroll: the attacker's Reroll crew cards (p. 14). A card rolls again
 * each die showing one of its faces, once, one die per tap, until another
 * card is used; that card may then roll a die the first already rolled.
 * Each card says whether it is in use, which dice it may still roll, or
 * that it is done: with one button per die and no word of the card in
 * use, a player could not tell why the second tap was refused.
 * @param {{view: View, ctx: any, seat: number}} props
 */
function Reroll({ view, ctx, seat }) {
  const p = view.players[seat];
  const f = view.fight;
  const cards = p.crew.filter((/** @type {any} */ k) => k.trigger === view.turn.order && rerollFaces(k).length);
  if (!cards.length || !f || !f.faces) return null;
  return html`<div class="pc-group" id="pc-reroll"><h3>Re-roll</h3>
    ${cards.map((/** @type {any} */ k) => html`<${RerollCard} key=${k.id} k=${k} view=${view} ctx=${ctx} seat=${seat} />`)}
  </div>`;
}

/**
 * RerollCard: one Reroll card's state in the fight and a button for each
 * die it may still roll.
 * @param {{k: any, view: View, ctx: any, seat: number}} props
 */
function RerollCard({ k, view, ctx, seat }) {
  const f = /** @type {any} */ (view.fight);
  const faces = rerollFaces(k);
  const inUse = f.rerolling === k.id;
  const done = (f.rerollsDone || []).includes(k.id);
  const rolled = inUse ? f.rerolled || [] : [];
  const open = f.faces.map((/** @type {number} */ x, /** @type {number} */ i) => i).filter((/** @type {number} */ i) => !rolled[i] && faces.includes(f.faces[i]));
  const dice = (/** @type {number[]} */ is) => `${is.length > 1 ? 'dice' : 'die'} ${listWords(is.map((i) => i + 1), 'and')}`;
  const rolledIs = rolled.map((/** @type {boolean} */ r, /** @type {number} */ i) => (r ? i : -1)).filter((/** @type {number} */ i) => i >= 0);
  let say = `rolls again each die showing ${listWords(faces)}, once`;
  if (done) say = 'done: another card rolled dice again after it';
  else if (inUse) say = `in use: it rolled ${dice(rolledIs)} again${open.length ? `; it may still roll ${dice(open)}` : ' and may roll no other'}`;
  else if (f.rerolling) say += `; using it finishes ${cardName(view, seat, f.rerolling)}’s re-rolls`;
  return html`<div class="pc-reroll-card" data-card=${k.id}>
    <p><strong>${k.name}</strong> ${say}.</p>
    ${done ? null : open.map((/** @type {number} */ i) => html`<${Button} key=${i} id=${`pc-reroll-${k.id}-${i}`} label=${`${k.name}${inUse ? ' (in use)' : ''}: roll die ${i + 1} (${f.faces[i]}) again`}
      action=${{ type: 'reroll', seat, card: k.id, dice: [i] }} ctx=${ctx} />`)}
    ${!done && !open.length && !inUse ? html`<p class="muted">No die shows ${listWords(faces)}.</p>` : null}
  </div>`;
}

/** cardName: a crew card of seat's by its id. @param {View} view @param {number} seat @param {string} id */
const cardName = (view, seat, id) => ((view.players[seat].crew || []).find((/** @type {any} */ k) => k.id === id) || { name: 'the other card' }).name;

/**
 * HideOut: hiding in the cove places every Deckhand of the mat and the
 * wheel again on Rigging, Cannons and Extort (the rest wait in Repair).
 * With Deckhands on the wheel the player may say which wheel spaces give
 * theirs (p. 12: from anywhere on the Helm Mat), so a Deckhand in Repair
 * can stay there; nothing picked, the game takes the mat's first.
 * @param {{view: View, ctx: any, seat: number}} props
 */
function HideOut({ view, ctx, seat }) {
  const p = view.players[seat];
  const a = p.assign || {};
  const onWheel = p.wheel.filter((/** @type {any} */ w) => w.deckhands > 0);
  const total = (a.rigging || 0) + (a.cannons || 0) + (a.extort || 0) + (a.repair || 0) + onWheel.reduce((/** @type {number} */ n, /** @type {any} */ w) => n + w.deckhands, 0);
  const [n, setN] = useState(() => ({ rigging: a.rigging || 0, cannons: a.cannons || 0, extort: a.extort || 0 }));
  const [taken, setTaken] = useState(/** @type {Record<number, number>} */ ({}));
  const placed = n.rigging + n.cannons + n.extort;
  /** @param {'rigging'|'cannons'|'extort'} k @param {number} d */
  const step = (k, d) => setN({ ...n, [k]: Math.max(0, n[k] + d) });
  const wheel = onWheel.flatMap((/** @type {any} */ w) => Array(Math.min(taken[w.space] || 0, w.deckhands)).fill(w.space));
  const action = () => ({ type: 'hide-out', seat, assign: n, ...(wheel.length ? { wheel } : {}) });
  return html`<div class="pc-group" id="pc-hide"><h3>Hide out in the cove: place your ${total} Deckhands</h3>
    ${ASSIGN.slice(0, 3).map(([k, label]) => html`<div key=${k} class="pc-stepper" data-assign=${k}>
      <button class="btn" aria-label=${'one less on ' + label} disabled=${n[k] <= 0} onClick=${() => step(/** @type {any} */ (k), -1)}>−</button>
      <span class="pc-count"><strong>${n[k]}</strong> on ${label}</span>
      <button class="btn" aria-label=${'one more on ' + label} disabled=${placed >= total} onClick=${() => step(/** @type {any} */ (k), 1)}>+</button></div>`)}
    ${onWheel.length ? html`<div class="pc-hide-wheel" data-hide-wheel><p>Take the Deckhands of these wheel spaces${wheel.length ? '' : html` <span class="muted">(none picked: the game takes your mat’s first)</span>`}:</p>
      <div class="row">${onWheel.map((/** @type {any} */ w) => {
        const t = taken[w.space] || 0;
        return html`<button key=${w.space} class=${'btn' + (t ? ' primary' : '')} data-wheel=${w.space} aria-pressed=${t > 0}
          onClick=${() => setTaken({ ...taken, [w.space]: (t + 1) % (w.deckhands + 1) })}>${w.label} space (${w.space})${w.deckhands > 1 ? ` · ${t} of ${w.deckhands}` : ''}</button>`;
      })}</div></div>` : null}
    <p>${wheel.length ? `${wheel.length} from the wheel, ${Math.max(0, placed - wheel.length)} from your mat; the rest stay where they are.` : `${total - placed} wait in Repair.`}</p>
    <${Button} id="pc-hide-out" label="Hide out" action=${action} ctx=${ctx} done=${() => setTaken({})} />
  </div>`;
}

/** The booty types, in the rulebook's order. */
const BOOTY = ['sugarcane', 'rum', 'coffee', 'gunpowder'];

/**
 * Jostle: which Deckhand a jostle sends to Repair (the player chooses,
 * p. 8): from Rigging, Cannons or Extort; when those are empty, from a
 * wheel space holding one ("wheel2"), named by its order and number as
 * the wheel shows it. Nothing picked lets the game take Extort, then
 * Cannons, then Rigging, then the wheel's nearest behind the Captain.
 * @param {{p: any, value: string, set: (v: string) => void, what: string}} props
 */
function Jostle({ p, value, set, what }) {
  const a = p.assign || {};
  const empty = !a.rigging && !a.cannons && !a.extort;
  const wheel = empty ? p.wheel.filter((/** @type {any} */ w) => w.deckhands > 0) : [];
  const pick = (/** @type {string} */ k) => set(value === k ? '' : k);
  return html`<div class="pc-jostle" data-jostle>
    <p>${what}:</p>
    <div class="row">${ASSIGN.slice(0, 3).map(([k, label]) => html`<button key=${k} class=${'btn' + (value === k ? ' primary' : '')} data-from=${k}
      disabled=${!a[k]} aria-pressed=${value === k} onClick=${() => pick(k)}>${label} (${a[k] || 0})</button>`)}
      ${wheel.map((/** @type {any} */ w) => html`<button key=${'w' + w.space} class=${'btn' + (value === 'wheel' + w.space ? ' primary' : '')} data-from=${'wheel' + w.space}
        aria-pressed=${value === 'wheel' + w.space} onClick=${() => pick('wheel' + w.space)}>${w.label} space (${w.space})${w.deckhands > 1 ? ` · ${w.deckhands}` : ''}</button>`)}</div>
    ${!value ? html`<p class="muted">${empty ? 'Rigging, Cannons and Extort are empty: the wheel gives one. Not chosen: the one nearest behind the Captain.' : 'Not chosen: Extort first, then Cannons, then Rigging.'}</p>` : null}
  </div>`;
}

/**
 * BagDraw: the cubes the table drew from the bag, tapped in order; left
 * empty, the game draws for the table.
 * @param {{view: View, n: number, drawn: string[], set: (d: string[]) => void, what: string}} props
 */
function BagDraw({ view, n, drawn, set, what }) {
  const bag = /** @type {Record<string, number>} */ (view.bag || {});
  const left = (/** @type {string} */ b) => (bag[b] || 0) - drawn.filter((x) => x === b).length;
  return html`<div class="pc-bagdraw" data-bagdraw>
    <p>${what}: ${drawn.length ? drawn.map(cap).join(', ') : html`<span class="muted">nothing tapped: the game draws</span>`}</p>
    <div class="row">${BOOTY.map((b) => html`<button key=${b} class="btn" data-drawn=${b} disabled=${drawn.length >= n || left(b) <= 0}
      onClick=${() => set([...drawn, b])}>${cap(b)} <span class="muted">(${bag[b] || 0} in the bag)</span></button>`)}
      <button class="btn" disabled=${!drawn.length} onClick=${() => set([])}>Start again</button></div>
  </div>`;
}

/**
 * Draws carries out Plunder or Search with what the table drew from the
 * bag (a settlement's booty; a booty search token's cube).
 * @param {{view: View, ctx: any, seat: number, o: string, bonus?: any}} props
 */
function Draws({ view, ctx, seat, o, bonus }) {
  const [drawn, setDrawn] = useState(/** @type {string[]} */ ([]));
  const [token, setToken] = useState('');
  const p = view.players[seat];
  const here = view.map.find((/** @type {any} */ c) => c.cell === p.cell);
  const n = o === 'plunder' ? ((here && here.card.settlement) || 0) : 1;
  const base = bonus ? { type: 'bonus', seat, card: bonus.card, index: bonus.index } : { type: o, seat };
  const label = bonus ? `${bonus.name}: ${cap(o)}` : cap(o);
  return html`<div class="pc-group" id=${bonus ? `pc-bonus-${o}` : 'pc-' + o + '-form'}>
    ${n ? html`<${BagDraw} view=${view} n=${n} drawn=${drawn} set=${setDrawn}
      what=${o === 'plunder' ? `The ${n} cube${n > 1 ? 's' : ''} drawn from the bag` : 'If the token gives booty, the cube drawn from the bag'} />` : null}
    ${o === 'search' ? html`<${TokenPick} view=${view} value=${token} set=${setToken} />` : null}
    <${Button} id=${bonus ? `pc-bonus-${bonus.card}-${bonus.index}` : 'pc-' + o} label=${label}
      note=${o === 'plunder' ? `your hold: ${p.booty.length ? p.booty.map(cap).join(', ') : 'empty'}` : ''}
      action=${() => ({ ...base, ...(drawn.length ? { drawnBooty: drawn } : {}), ...(token ? { token } : {}) })} ctx=${ctx} done=${() => { setDrawn([]); setToken(''); }} />
  </div>`;
}

/**
 * CrewUp hires from the row: with four crew aboard, who is let go; the
 * crew may mutiny once a game (the captain card turns over).
 * @param {{view: View, ctx: any, seat: number, bonus?: any}} props
 */
function CrewUp({ view, ctx, seat, bonus }) {
  const p = view.players[seat];
  const [discard, setDiscard] = useState(-1);
  const [mutiny, setMutiny] = useState(false);
  const [drawn, setDrawn] = useState(/** @type {string[]} */ ([]));
  const full = p.crew.length >= 4;
  /** @param {any} a */
  const fields = (a) => {
    const x = bonus ? { type: 'bonus', seat, card: bonus.card, index: bonus.index, ...a } : { type: 'crew-up', seat, ...a };
    if (full) x.discard = discard;
    if (mutiny && !bonus) x.mutiny = true;
    if (drawn.length) x.drawnCrew = drawn;
    return x;
  };
  return html`<div class="pc-group" id=${bonus ? 'pc-bonus-crew-up' : 'pc-crew-up'}><h3>${bonus ? `${bonus.name}: Crew Up` : 'Crew Up'}: hire</h3>
    ${full ? html`<p>Four crew are aboard: who goes?</p><div class="row">${p.crew.map((/** @type {any} */ k, i) => html`<button key=${k.id} class=${'btn' + (discard === i ? ' primary' : '')}
      data-discard=${i} aria-pressed=${discard === i} onClick=${() => setDiscard(i)}>Let ${k.name} go</button>`)}</div>` : null}
    ${!bonus && !p.bloodied ? html`<label class="pc-check"><input type="checkbox" id="pc-mutiny" checked=${mutiny} onChange=${(/** @type {any} */ e) => setMutiny(e.currentTarget.checked)} />
      The crew mutinies first: turn the captain card over (once a game)</label>` : null}
    ${(view.crewRow || []).map((/** @type {any} */ k, i) => k ? html`<${Button} key=${i} id=${(bonus ? 'pc-bonus-hire-' : 'pc-hire-') + i} label=${html`Hire <${CardText} k=${k} />`}
      action=${() => fields({ take: i })} ctx=${ctx} done=${() => { setDiscard(-1); setMutiny(false); setDrawn([]); }} />` : null)}
    <${Button} id=${bonus ? 'pc-bonus-hire-refresh' : 'pc-hire-refresh'} label="Pay 1 gold for a new row, hire the first" action=${() => fields({ refresh: true, take: 0 })} ctx=${ctx} done=${() => setDrawn([])} />
    <${DeckDraw} view=${view} drawn=${drawn} set=${setDrawn} />
  </div>`;
}

/**
 * Bonus is one triggered bonus action with the choices its kind needs.
 * @param {{b: any, view: View, ctx: any, seat: number}} props
 */
function Bonus({ b, view, ctx, seat }) {
  if (b.used) return html`<${Button} id=${`pc-bonus-${b.card}-${b.index}`} label=${`${b.name}: ${bonusWords(b)}`} disabled=${true} note="used this turn" action=${{}} ctx=${ctx} />`;
  switch (b.kind) {
    case 'sail': return html`<${Sail} view=${view} ctx=${ctx} seat=${seat} bonus=${b} />`;
    // A Reroll acts inside the fight, once the dice are rolled (the Re-roll
    // group there); the engine refuses it as a bonus on its own.
    case 'reroll': return html`<${Button} id=${`pc-bonus-${b.card}-${b.index}`} label=${`${b.name}: ${bonusWords(b)}`} disabled=${true} note="in the fight, once your dice are rolled" action=${{}} ctx=${ctx} />`;
    case 'attack':
      return html`<div class="pc-group">${targets(view, seat).map(([t, label]) => html`<${Button} key=${t} id=${`pc-bonus-${b.index}-${t}`} label=${`${b.name}: attack ${label}`} action=${{ type: 'bonus', seat, card: b.card, index: b.index, target: t }} ctx=${ctx} />`)}</div>`;
    case 'plunder': case 'search': return html`<${Draws} view=${view} ctx=${ctx} seat=${seat} o=${b.kind} bonus=${b} />`;
    case 'crew-up': return html`<${CrewUp} view=${view} ctx=${ctx} seat=${seat} bonus=${b} />`;
    case 'trade':
      return html`<div class="pc-group" id="pc-bonus-trade"><h3>${b.name}: Trade</h3>
        <${TradeChoices} view=${view} p=${view.players[seat]} id="pc-bonus-trade-" ctx=${ctx} action=${(/** @type {number} */ n) => ({ type: 'bonus', seat, card: b.card, index: b.index, count: n })} /></div>`;
    case 'reassign': return html`<${Reassign} b=${b} view=${view} ctx=${ctx} seat=${seat} />`;
    case 'exchange': return html`<${Exchange} b=${b} view=${view} ctx=${ctx} seat=${seat} />`;
    case 'sail-navy': case 'sail-merchant': return html`<${SailShip} b=${b} view=${view} ctx=${ctx} seat=${seat} />`;
    default:
      return html`<${Button} id=${`pc-bonus-${b.card}-${b.index}`} label=${`${b.name}: ${bonusWords(b)}`} action=${{ type: 'bonus', seat, card: b.card, index: b.index }} ctx=${ctx} />`;
  }
}

/**
 * Reassign moves the Deckhands on the Helm Mat between the four
 * assignments; the total stays.
 * @param {{b: any, view: View, ctx: any, seat: number}} props
 */
function Reassign({ b, view, ctx, seat }) {
  const p = view.players[seat];
  const a = p.assign || {};
  const start = () => ({ rigging: a.rigging || 0, cannons: a.cannons || 0, extort: a.extort || 0, repair: a.repair || 0 });
  const [n, setN] = useState(start);
  const total = (a.rigging || 0) + (a.cannons || 0) + (a.extort || 0) + (a.repair || 0);
  const placed = n.rigging + n.cannons + n.extort + n.repair;
  /** @param {string} k @param {number} d */
  const step = (k, d) => setN({ ...n, [k]: Math.max(0, /** @type {any} */ (n)[k] + d) });
  return html`<div class="pc-group" id="pc-reassign"><h3>${b.name}: move your ${total} Deckhands</h3>
    ${ASSIGN.map(([k, label]) => html`<div key=${k} class="pc-stepper" data-assign=${k}>
      <button class="btn" aria-label=${'one less on ' + label} disabled=${/** @type {any} */ (n)[k] <= 0} onClick=${() => step(k, -1)}>−</button>
      <span class="pc-count"><strong>${/** @type {any} */ (n)[k]}</strong> on ${label}</span>
      <button class="btn" aria-label=${'one more on ' + label} disabled=${placed >= total} onClick=${() => step(k, 1)}>+</button></div>`)}
    <p>${placed === total ? 'Every Deckhand placed.' : `${total - placed} still to place.`}</p>
    <${Button} id="pc-reassign-go" label="Move them" disabled=${placed !== total} action=${() => ({ type: 'bonus', seat, card: b.card, index: b.index, assign: n })} ctx=${ctx} done=${() => setN(start())} />
  </div>`;
}

/**
 * Exchange swaps one cube aboard for a type still in the bag.
 * @param {{b: any, view: View, ctx: any, seat: number}} props
 */
function Exchange({ b, view, ctx, seat }) {
  const p = view.players[seat];
  const [give, setGive] = useState('');
  const [want, setWant] = useState('');
  const bag = /** @type {Record<string, number>} */ (view.bag || {});
  const have = BOOTY.filter((x) => p.booty.includes(x));
  return html`<div class="pc-group" id="pc-exchange"><h3>${b.name}: exchange a booty</h3>
    ${have.length ? html`<p>Put back:</p><div class="row">${have.map((x) => html`<button key=${x} class=${'btn' + (give === x ? ' primary' : '')} data-give=${x} aria-pressed=${give === x} onClick=${() => setGive(x)}>${cap(x)}</button>`)}</div>
      <p>Take from the bag:</p><div class="row">${BOOTY.map((x) => html`<button key=${x} class=${'btn' + (want === x ? ' primary' : '')} data-want=${x} aria-pressed=${want === x} disabled=${!bag[x] && x !== give} onClick=${() => setWant(x)}>${cap(x)}</button>`)}</div>` : html`<p class="muted">No booty aboard to exchange.</p>`}
    <${Button} id="pc-exchange-go" label=${give && want ? `Exchange ${cap(give)} for ${cap(want)}` : 'Exchange'} disabled=${!give || !want}
      action=${() => ({ type: 'bonus', seat, card: b.card, index: b.index, give, want })} ctx=${ctx} done=${() => { setGive(''); setWant(''); }} />
  </div>`;
}

/**
 * SailShip sails the Navy or a merchant ship exactly the card's number of
 * cards: pick the merchant, tap the cards in order.
 * @param {{b: any, view: View, ctx: any, seat: number}} props
 */
function SailShip({ b, view, ctx, seat }) {
  const [target, setTarget] = useState(b.kind === 'sail-navy' ? 'navy' : '');
  const [path, setPath] = useState(/** @type {string[]} */ ([]));
  const n = b.n || 1;
  const from = target === 'navy' ? view.navy : ((view.merchants.find((/** @type {any} */ m) => m.name.toLowerCase() === target) || {}).cell || '');
  return html`<div class="pc-group" id="pc-sail-ship"><h3>${b.name}: ${b.kind === 'sail-navy' ? 'sail the Navy' : 'sail a merchant ship'} exactly ${n} card${n > 1 ? 's' : ''}</h3>
    ${b.kind === 'sail-merchant' ? html`<div class="row">${view.merchants.map((/** @type {any} */ m) => html`<button key=${m.name} class=${'btn' + (target === m.name.toLowerCase() ? ' primary' : '')}
      data-ship=${m.name.toLowerCase()} aria-pressed=${target === m.name.toLowerCase()} onClick=${() => { setTarget(m.name.toLowerCase()); setPath([]); }}>The ${m.name} merchant ship (at ${cellName(view, m.cell)})</button>`)}</div>` : html`<p>The Navy is at ${cellName(view, view.navy)}.</p>`}
    ${from ? html`<div class="pc-minimap">${view.map.map((/** @type {any} */ c) => html`<button key=${c.cell} class=${'pc-to' + (path.includes(c.cell) ? ' on' : '') + (c.cell === from ? ' here' : '')}
      data-ship-to=${c.cell} disabled=${path.length >= n} onClick=${() => setPath([...path, c.cell])}>${c.place}${c.cell === from ? ' (here)' : ''}${path.includes(c.cell) ? ` · ${path.indexOf(c.cell) + 1}` : ''}</button>`)}</div>
      <p>Route: ${path.length ? path.map((c) => cellName(view, c)).join(' → ') : html`<span class="muted">tap ${n} card${n > 1 ? 's' : ''} in order</span>`}</p>` : null}
    <div class="row"><${Button} id="pc-sail-ship-go" label="Sail it" disabled=${!from || path.length !== n}
      action=${() => ({ type: 'bonus', seat, card: b.card, index: b.index, path, target: target === 'navy' ? undefined : target })} ctx=${ctx} done=${() => setPath([])} />
      <button class="btn" disabled=${!path.length} onClick=${() => setPath([])}>Start again</button></div>
  </div>`;
}

/**
 * cellRC reads a cell's row and column from its id (never shown).
 * @param {string} id
 */
const cellRC = (id) => [Number(id.charAt(1)), Number(id.charAt(3))];
/** @param {string} a @param {string} b */
const cellDist = (a, b) => { const [r1, c1] = cellRC(a); const [r2, c2] = cellRC(b); return Math.abs(r1 - r2) + Math.abs(c1 - c2); };

/**
 * ShipLine ends a turn whose Captain crossed the Ship Line: Extort pays,
 * the player to the right sails each merchant ship one card closer to its
 * port and the Navy toward the active ship (p. 15). Each choice left open
 * is the game's (vertical step first); the cubes merchants take on at
 * their port come from the bag.
 * @param {{view: View, ctx: any, seat: number}} props
 */
function ShipLine({ view, ctx, seat }) {
  const [steps, setSteps] = useState(/** @type {Record<string, string>} */ ({}));
  const [navy, setNavy] = useState(/** @type {string[]} */ ([]));
  const [drawn, setDrawn] = useState(/** @type {string[]} */ ([]));
  const p = view.players[seat];
  const n = view.players.length;
  const right = n > 1 ? view.players[(seat - 1 + n) % n] : null;
  const closer = (/** @type {any} */ m) => view.map.filter((/** @type {any} */ c) => cellDist(c.cell, m.cell) === 1 && cellDist(c.cell, m.target) === cellDist(m.cell, m.target) - 1);
  const clear = () => { setSteps({}); setNavy([]); setDrawn([]); };
  const action = () => {
    /** @type {any} */
    const a = { type: 'end-turn', seat };
    /** @type {any} */
    const line = { ...steps };
    if (navy.length) line.navy = navy;
    if (Object.keys(line).length) a.shipLine = line;
    if (drawn.length) a.drawnBooty = drawn;
    return a;
  };
  return html`<div class="pc-group" id="pc-ship-line"><h3>The Ship Line: ${right && !right.automa && right.seat !== seat ? `${right.name} sails the ships` : 'the ships sail'}</h3>
    <p class="muted">Extort pays ${p.name} first. Choices left open are the game's.</p>
    ${view.merchants.map((/** @type {any} */ m) => {
      const key = m.name.toLowerCase();
      const opts = closer(m);
      return html`<div key=${key} class="pc-merchant-step" data-merchant=${key}>
        <p>The ${m.name} merchant ship, at ${cellName(view, m.cell)}, sails toward ${cellName(view, m.target)}:</p>
        <div class="row">${opts.map((/** @type {any} */ c) => html`<button key=${c.cell} class=${'btn' + (steps[key] === c.cell ? ' primary' : '')} data-step=${c.cell}
          aria-pressed=${steps[key] === c.cell} onClick=${() => setSteps({ ...steps, [key]: steps[key] === c.cell ? '' : c.cell })}>to ${c.place}</button>`)}</div></div>`;
    })}
    <p>The Navy, at ${cellName(view, view.navy)}, sails toward ${p.name}’s ship: tap its cards in order (or leave it to the game).</p>
    <div class="pc-minimap">${view.map.map((/** @type {any} */ c) => html`<button key=${c.cell} class=${'pc-to' + (navy.includes(c.cell) ? ' on' : '') + (c.cell === view.navy ? ' here' : '')}
      data-navy-to=${c.cell} onClick=${() => setNavy([...navy, c.cell])}>${c.place}${c.cell === view.navy ? ' (Navy)' : ''}${navy.includes(c.cell) ? ` · ${navy.indexOf(c.cell) + 1}` : ''}</button>`)}</div>
    ${navy.length ? html`<p>The Navy’s route: ${navy.map((c) => cellName(view, c)).join(' → ')} <button class="btn" onClick=${() => setNavy([])}>Start again</button></p>` : null}
    <${BagDraw} view=${view} n=${2} drawn=${drawn} set=${setDrawn} what="A merchant ship that reaches its port takes a cube from the bag" />
    <${Button} id="pc-end-turn" label="Sail the ships and end the turn" cls="primary" action=${action} ctx=${ctx} done=${clear} />
  </div>`;
}

/**
 * DeckDraw: the crew cards the table drew from the deck, tapped in order
 * (one to fill the slot hired from; three more first for a new row); left
 * empty, the game draws.
 * @param {{view: View, drawn: string[], set: (d: string[]) => void}} props
 */
function DeckDraw({ view, drawn, set }) {
  const deck = view.deckCrew || [];
  if (!deck.length) return null;
  const name = (/** @type {string} */ id) => (deck.find((k) => k.id === id) || { name: id }).name;
  return html`<details class="pc-deckdraw" data-deckdraw><summary>Playing with the real deck? The cards drawn${drawn.length ? `: ${drawn.map(name).join(', ')}` : ''}</summary>
    <p class="muted">Tap them in the order drawn (a new row first, then the card that fills the slot); nothing tapped, the game draws.</p>
    <div class="row">${deck.map((k) => html`<button key=${k.id} class="btn" data-crew=${k.id} disabled=${drawn.includes(k.id) || drawn.length >= 4}
      onClick=${() => set([...drawn, k.id])}>${k.name}</button>`)}
      <button class="btn" disabled=${!drawn.length} onClick=${() => set([])}>Start again</button></div>
  </details>`;
}

/**
 * legendWords names a pirate's place on the legend track: the level's
 * printed name, and its number unless the name already says it (a
 * catalog's "Level 1" read "Level 1 (level 1)").
 * @param {any} p
 */
function legendWords(p) {
  const n = p.legend + 1;
  return new RegExp('\\b' + n + '\\b').test(p.legendName) ? p.legendName : `${p.legendName} (level ${n})`;
}

/**
 * tokenWords names a search token as players see it ("a sure-fire token":
 * its button capitalises the first letter only, keeping the hyphen, which
 * cap() would turn into a space). @param {any} t
 */
const tokenWords = (t) => ({ gold: `${t.n} gold`, surefire: 'a sure-fire token', booty: 'a booty', sail: '+2 sail', storm: 'a storm token' })[/** @type {'gold'} */ (t.kind)] || cap(t.kind);

/**
 * TokenPick: the search token turned up on the table, by what it shows;
 * nothing picked, the game turns one up.
 * @param {{view: View, value: string, set: (id: string) => void}} props
 */
function TokenPick({ view, value, set }) {
  /** @type {Map<string, any>} */
  const kinds = new Map();
  for (const t of view.faceDown || []) if (!kinds.has(tokenWords(t))) kinds.set(tokenWords(t), t);
  if (!kinds.size) return null;
  return html`<div class="pc-tokenpick" data-tokenpick><p>The token turned up${value ? '' : html` <span class="muted">(nothing picked: the game turns one up)</span>`}:</p>
    <div class="row">${[...kinds].map(([w, t]) => html`<button key=${t.id} class=${'btn' + (value === t.id ? ' primary' : '')} data-token=${t.kind + (t.n ? '-' + t.n : '')}
      aria-pressed=${value === t.id} onClick=${() => set(value === t.id ? '' : t.id)}>${w.charAt(0).toUpperCase() + w.slice(1)}</button>`)}</div></div>`;
}
