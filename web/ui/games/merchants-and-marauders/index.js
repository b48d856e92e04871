// @ts-check
// Merchants & Marauders' screen module (engine/merchants). The tablet shows
// the table everyone sees: the sea zones with their ports, demand, merchant
// and the ships in them (players' and NPCs'), the merchant track, each
// player's captain and ship (public parts), the event card, and a combat
// with what each roll is for and the faces rolled. A phone shows its own
// player's secrets (stash, glory cards, rumor, cargo cards) and only what
// that player may do now. Rolls themselves are the shell's: it offers every
// roll the game waits for (snap.expects), to enter the faces or roll here.
//
// Everything shown comes from the view: names, values, faces and sections
// are the owner's catalog's and the engine's, none is copied here.

import { html, Fragment, useState } from '../../js/view.js';
import { errorText } from '../../js/ui.js';

// The "just score" page: an end counted at the table, scored by the engine.
export { Score } from './score.js';

/** @typedef {import('./types.gen.js').MMView} View */
/** @typedef {import('./types.gen.js').MMPlayerView} Player */
/** @typedef {import('./types.gen.js').MMZoneView} Zone */

const CSS = `
.mm { font-size: 16px; }
.mm h2 { font-size: 1.3rem; }
.mm .zones { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: .6rem; }
.mm .zone { background: var(--sea); border: 2px solid var(--line); border-radius: .7rem; padding: .5rem .7rem; min-width: 0; }
.mm .zone.here { border-color: var(--gold); }
.mm .zone h3 { font-size: 1.1rem; overflow-wrap: anywhere; }
.mm .zone .port { color: var(--gold); }
.mm .ships { display: flex; flex-wrap: wrap; gap: .3rem; margin-top: .3rem; }
.mm .ship { border: 2px solid var(--c, var(--line)); border-radius: 1rem; padding: .1rem .6rem; }
.mm .ship.npc { border-style: dashed; }
.mm .players { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: .6rem; }
.mm .player { background: var(--panel); border-left: 6px solid var(--c, var(--line)); border-radius: .6rem; padding: .5rem .8rem; min-width: 0; }
.mm .player.active { outline: 2px solid var(--gold); }
.mm table { border-collapse: collapse; }
.mm td, .mm th { padding: .1rem .5rem; text-align: left; }
.mm .battle { background: #3b0d0d; border: 2px solid var(--bad); border-radius: .7rem; padding: .5rem .8rem; margin: .6rem 0; }
.mm .secret { background: #1d2a12; border: 2px solid var(--ok); border-radius: .7rem; padding: .5rem .8rem; margin: .6rem 0; }
.mm .faces span { display: inline-block; min-width: 2.2em; text-align: center; border: 2px solid var(--ink); border-radius: .3rem; margin: .1rem; padding: .1rem .3rem; }
.mm-act button { min-height: 48px; min-width: 48px; }
.mm-act .row { flex-wrap: wrap; }
.mm-act h3, .mm-act h4 { font-size: 1.1rem; margin: .4rem 0; }
.mm-control { display: flex; flex-wrap: wrap; align-items: center; gap: .2rem .6rem; max-width: 100%; }
.mm-control .big { white-space: normal; text-align: left; max-width: 100%; }
.mm-withnote { flex-direction: column; align-items: flex-start; gap: .1rem; }
/* a way in the rules keep closed: not tapped, but its reason read whole */
button.btn.mm-closed:disabled { opacity: 1; background: transparent; border-style: dashed; color: var(--muted); cursor: not-allowed; }
.mm-withnote .mm-btnnote { display: block; font-size: 1rem; font-weight: 400; color: var(--muted); }
.mm-refusal { flex-basis: 100%; margin: .2rem 0; padding: .3rem .5rem; border-radius: .4rem; background: #5a4a0a; color: #fff3c0; border: 2px solid var(--gold); }
.mm-port, .mm-group { border: 2px solid var(--line); border-radius: .6rem; padding: .4rem .7rem; margin: .5rem 0; }
.mm-port { border-color: var(--gold); }
.mm-pick { display: flex; flex-direction: column; gap: .2rem; margin: .3rem 0; }
.mm-check { display: flex; align-items: center; gap: .6rem; min-height: 48px; padding: 0 .4rem; border-radius: .4rem; background: var(--panel); cursor: pointer; }
.mm-check input { width: 28px; height: 28px; flex: none; }
.mm-stepper { display: flex; align-items: center; gap: .6rem; margin: .2rem 0; }
.mm-stepper button { min-width: 48px; min-height: 48px; font-size: 1.3rem; }
.mm-field { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin: .3rem 0; }
.mm-field input { min-height: 48px; font-size: 1.1rem; max-width: 100%; }
.mm-card { border-top: 1px solid var(--line); padding-top: .3rem; margin-top: .3rem; }
.mm-adjust summary { min-height: 48px; display: flex; align-items: center; cursor: pointer; }
.mm-end { background: var(--panel); border: 2px solid var(--gold); border-radius: .7rem; padding: .5rem .9rem; margin: .6rem 0; font-size: 1.1rem; }
.mm-end h2 { font-size: 1.5rem; margin: .2rem 0 .4rem; }
.mm-scores { padding-left: 1.4rem; }
.mm-scores li { margin: .3rem 0; overflow-wrap: anywhere; }
`;

// The module's own styles, added once to the page.
if (!document.getElementById('mm-css')) {
  const st = document.createElement('style');
  st.id = 'mm-css';
  st.textContent = CSS;
  document.head.append(st);
}

/**
 * accepts: a Merchants & Marauders view.
 * @param {any} view
 */
export function accepts(view) {
  return !!view && view.rules === 'merchants-and-marauders' && Array.isArray(view.zones);
}

/**
 * title is the table page's title.
 * @param {View} view
 */
export function title(view) {
  if (view.stage === 'over') return 'Merchants & Marauders · over';
  if (view.stage === 'setup') return 'Merchants & Marauders · picking ships';
  const p = view.players[view.active];
  return `Merchants & Marauders · round ${view.round}${p ? ' · ' + p.name + '’s turn' : ''}`;
}

/** zoneName names a zone by id. */
const zoneName = (/** @type {View} */ view, id) => {
  const z = view.zones.find((x) => x.id === id);
  return z ? z.name : id;
};

/**
 * Table is the table everyone sees, and on a phone its player's secrets
 * first.
 * @param {{view: View, snap: any, ctx: any}} props
 */
export function Table({ view, ctx }) {
  const me = ctx.seat >= 0 ? view.players[ctx.seat] : null;
  // Once the game is over the status has no round line: the end panel
  // above says who won (the status said "The game is over: Ann won." a
  // second time).
  return html`<div class="mm" id="mm">
    ${me ? html`<${Secrets} p=${me} view=${view} />` : null}
    ${view.battle ? html`<${Battle} view=${view} ctx=${ctx} />` : null}
    ${view.pending ? html`<${Pending} view=${view} />` : null}
    <${Rolls} view=${view} />
    <section id="mm-status">
      ${view.stage === 'over' ? null : html`<p>${view.stage === 'setup' ? 'Each player picks their first ship in secret.'
        : `Round ${view.round}. ${view.players[view.active] ? view.players[view.active].name : ''} has ${view.turn.actionsLeft} action${view.turn.actionsLeft === 1 ? '' : 's'} left.`}</p>`}
      ${view.stage === 'play' && view.declared && view.declared.length ? html`<p id="mm-declared" class="warn">${names(view, view.declared)} declared 10 glory points: the game ends when this round is over (rulebook: Winning).</p>` : null}
      <p id="mm-track">Merchant track: ${view.merchantTrack} merchant${view.merchantTrack === 1 ? '' : 's'} waiting.
        ${view.wars && view.wars.length ? ` At war: ${warsWords(view)}.` : ''}</p>
      ${view.event ? html`<p id="mm-event">Event: <strong>${view.event.name}</strong>${view.event.text ? ' · ' + view.event.text : ''}</p>` : null}
    </section>
    <section id="mm-map"><h2>The sea</h2>
      <div class="zones">${view.zones.map((z) => html`<${ZoneBox} key=${z.id} z=${z} view=${view} ctx=${ctx} />`)}</div>
    </section>
    <section id="mm-players"><h2>Captains</h2>
      <div class="players">${view.players.map((p) => html`<${PlayerBox} key=${p.seat} p=${p} view=${view} ctx=${ctx} />`)}</div>
    </section>
  </div>`;
}

/**
 * names joins players' names: "Ann", "Ann and Bob", "Ann, Bob and Cat".
 * @param {View} view
 * @param {Array<number>} seats
 */
function names(view, seats) {
  const n = seats.map((s) => view.players[s].name);
  return n.length > 1 ? n.slice(0, -1).join(', ') + ' and ' + n[n.length - 1] : n.join('');
}

/**
 * points says a number of points with its noun in agreement.
 * @param {number} n
 */
const points = (n) => `${n} ${n === 1 ? 'point' : 'points'}`;

/**
 * EndScreen is the game's end on every screen: who won, why the game
 * ended, and each captain's score as the rulebook counts it (the glory
 * track plus the stash's points, from the engine's total; a tie goes to the
 * largest stash), highest first. Stashes are secret until the end: the view shows
 * them once the game is over.
 * @param {{view: View}} props
 */
export function EndScreen({ view }) {
  const w = view.winners || [];
  const total = (/** @type {Player} */ p) => p.total ?? p.glory;
  const ranked = [...view.players].sort((a, b) => total(b) - total(a) || (b.stash ?? 0) - (a.stash ?? 0));
  const top = w.length ? view.players[w[0]] : null;
  const tied = top ? view.players.filter((p) => !w.includes(p.seat) && total(p) === total(top)) : [];
  let why = '';
  if (top && w.length > 1) why = `${names(view, w)} have ${points(total(top))} each and the same stash: they share the win.`;
  else if (top && tied.length) why = `${names(view, [top.seat, ...tied.map((p) => p.seat)])} have ${points(total(top))} each: ${top.name}’s stash of ${top.stash ?? 0} gold is the largest.`;
  else if (top) why = `${top.name} has the most glory points: ${total(top)}.`;
  const ended = view.declared && view.declared.length && /glory/.test(view.endReason || '')
    ? `${names(view, view.declared)} declared 10 glory points and the round is over.`
    : view.endReason ? `The game ended: ${view.endReason}.` : '';
  return html`<section class="mm-end" id="mm-end">
    <h2 class="winner">${w.length ? `${names(view, w)} ${w.length > 1 ? 'win' : 'wins'}.` : 'The game is over.'}</h2>
    ${ended ? html`<p id="mm-end-reason">${ended.replace(/\.$/, '')} (rulebook: Winning).</p>` : null}
    ${why ? html`<p id="mm-end-why">${why}</p>` : null}
    <ol class="mm-scores">${ranked.map((p) => {
      const stash = p.stash ?? 0;
      const fromStash = total(p) - p.glory;
      return html`<li key=${p.seat} data-seat=${p.seat}><strong>${p.name}</strong>: ${points(total(p))} <span class="muted">(${p.glory} on the glory track + ${fromStash} for ${stash} gold stashed)</span></li>`;
    })}</ol>
    <p class="muted">The most glory points win, the glory track’s and the stash’s together; on a tie, the largest stash.</p>
  </section>`;
}

/**
 * nationName is a nation as the game prints it ("Spanish"), from the
 * view's dictionary: the engine's id ("spanish") is never shown.
 * @param {View} view
 * @param {string} n
 */
function nationName(view, n) { return (view.nations && view.nations[n]) || words(n); }

/**
 * npcName is a non-player ship as players say it ("French Navy ship"),
 * from the view.
 * @param {View} view
 * @param {string} kind
 */
function npcName(view, kind) {
  const n = (view.npcs || []).find((x) => x.kind === kind);
  return n && n.name ? n.name : words(kind);
}

/**
 * aNation is "a Spanish" or "an English", for a sentence.
 * @param {View} view
 * @param {string} n
 */
function aNation(view, n) {
  const w = nationName(view, n);
  return (/^[AEIOU]/i.test(w) ? 'an ' : 'a ') + w;
}

/**
 * warsWords says which nations are at war ("English and Spanish, Dutch and
 * French"); the view gives each pair as "a|b".
 * @param {View} view
 */
function warsWords(view) {
  return (view.wars || []).map((w) => w.split('|').map((n) => nationName(view, n)).join(' and ')).join('; ');
}

/** @param {{z: Zone, view: View, ctx: any}} props */
function ZoneBox({ z, view, ctx }) {
  const me = ctx.seat >= 0 ? view.players[ctx.seat] : null;
  const npcs = (view.npcs || []).filter((n) => n.zone === z.id);
  return html`<div class=${'zone' + (me && me.zone === z.id ? ' here' : '')} data-zone=${z.id}>
    <h3>${z.name}</h3>
    ${z.port ? html`<div class="port">Port: ${z.port}${z.nation ? ` (${nationName(view, z.nation)})` : ''}</div>` : html`<div class="muted">Open sea</div>`}
    ${z.demand ? html`<div>Demand: ${z.demand}</div>` : null}
    ${z.ability ? html`<div class="muted">${words(z.ability)}’s port ability</div>` : null}
    ${z.mod ? html`<div>Modification: ${words(z.mod)}</div>` : null}
    ${z.merchant ? html`<div class="merchant">A merchant ship</div>` : null}
    <div class="ships">
      ${(z.atSea || []).map((s) => html`<span key=${'s' + s} class="ship" style=${'--c:' + ctx.colour(view.players[s].colour)}>${view.players[s].name} at sea</span>`)}
      ${(z.inPort || []).map((s) => html`<span key=${'p' + s} class="ship" style=${'--c:' + ctx.colour(view.players[s].colour)}>${view.players[s].name} in port</span>`)}
      ${npcs.map((n) => html`<span key=${n.kind} class="ship npc" data-npc=${n.kind}>${n.name || words(n.kind)}${n.entering ? ' (entering)' : ''}${n.next ? html`<span class="mm-next"> · next captain ${n.next.name}, at the end of the round</span>` : null}</span>`)}
    </div>
    <div class="muted">Borders: ${z.adjacent.map((a) => zoneName(view, a)).join(', ')}</div>
  </div>`;
}

/** @param {{p: Player, view: View, ctx: any}} props */
function PlayerBox({ p, view, ctx }) {
  const c = p.captain;
  // A captain who declared 10 glory points shows the stash (the rulebook's
  // Winning): "Glory 9" alone contradicted the declaration.
  const shown = p.total !== undefined && (view.stage === 'over' || (view.declared || []).includes(p.seat));
  const s = p.ship;
  return html`<div class=${'player' + (view.stage === 'play' && view.active === p.seat ? ' active' : '')} data-seat=${p.seat} style=${'--c:' + ctx.colour(p.colour)}>
    <h3>${p.name}${p.pirate ? ' · pirate' : ''}</h3>
    ${c ? html`<div>Captain ${c.name} (${nationName(view, c.nation)}) · Seamanship ${c.seamanship} · Scouting ${c.scouting} · Leadership ${c.leadership} · Influence ${c.influence}</div>`
      : p.needCaptain ? html`<div class="warn">Needs a new captain</div>` : null}
    ${s ? html`<div>${s.name}: ${view.locations.map((l) => `${l} ${s.locations[l] ?? 0}/${s.max[l] ?? 0}`).join(' · ')} · maneuverability ${s.maneuverability}</div>` : null}
    ${s && s.mods && s.mods.length ? html`<div>Modifications: ${s.mods.map(words).join(', ')}</div>` : null}
    ${p.weapons && p.weapons.length ? html`<div>Special weapons: ${p.weapons.map(words).join(', ')}</div>` : null}
    ${p.specialists && p.specialists.length ? html`<div class="mm-specialists">Specialists: ${p.specialists.map((c) => c.specialist ? `${c.name} (${words(c.specialist)})` : c.name).join(', ')}</div>` : null}
    <div>${p.zone ? (p.inPort ? 'In port at ' : 'At sea in ') + zoneName(view, p.zone) : ''}</div>
    <div>Gold ${p.gold} · Glory ${p.glory} · cargo cards ${p.cargoCount} · glory cards ${p.gloryCardCount}${p.gloryCardCount > GLORY_HAND ? ` (must discard to ${GLORY_HAND} on their phone)` : ''}${p.hasStashed && !shown ? ' · has a stash' : ''}${p.hasRumor ? ' · holds a rumor' : ''}</div>
    ${shown ? html`<div class="mm-declared-stash">Stash ${p.stash ?? 0} gold, shown: ${points(p.total ?? p.glory)} in all</div>` : null}
    ${p.bounties && Object.keys(p.bounties).length ? html`<div>Bounties: ${Object.entries(p.bounties).filter(([, v]) => v > 0).map(([n, v]) => `${v} ${nationName(view, n)}`).join(', ')}</div>` : null}
    ${p.mission ? html`<div>Mission: ${p.mission.name}</div>` : null}
  </div>`;
}

/**
 * Secrets is a phone's own player's hidden things: shown only on their
 * phone (the server sends them to no other screen).
 * @param {{p: Player, view: View}} props
 */
function Secrets({ p }) {
  return html`<section class="secret" id="mm-secrets"><h2>Only you see this</h2>
    <p>Your stash: ${p.stash ?? 0} gold${p.total !== undefined ? ` (total ${p.total})` : ''}</p>
    <p>Cargo: ${p.cargo && p.cargo.length ? p.cargo.map((c) => `${c.good} (plunder ${c.plunder})`).join(', ') : 'none'}</p>
    <p>Glory cards: ${p.gloryCards && p.gloryCards.length ? p.gloryCards.map((g) => g.name).join(', ') : 'none'}</p>
    ${(p.gloryCards || []).length > GLORY_HAND ? html`<p class="warn" id="mm-glory-over">${overHand(p.gloryCards.length)}</p>` : null}
    ${p.rumor ? html`<p>Rumor: ${p.rumor.name} (roll ${skill(p.rumor.skill)} to follow it)</p>` : null}
  </section>`;
}

/**
 * Rolls says which rolls the game waits for (what each is for, how many
 * dice) and the last roll's faces; the shell's "waits for" box takes them.
 * @param {{view: View}} props
 */
function Rolls({ view }) {
  const need = view.need || [];
  const last = view.lastRoll;
  if (!need.length && !last) return null;
  // A hand over 4 glory cards holds the dice (rollsHeld): each roll says
  // it comes after the discard, as the "waits for" box does.
  const over = view.players.find((x) => x.gloryCardCount > GLORY_HAND);
  const after = over ? `, after ${over.name}’s discard` : '';
  return html`<section id="mm-rolls">
    ${need.map((r) => html`<p key=${r.id} class="warn">Roll for: ${r.purpose} · ${r.dice.length} di${r.dice.length === 1 ? 'e' : 'ce'}${r.seat >= 0 && view.players[r.seat] ? ` (${view.players[r.seat].name})` : ''}${after}</p>`)}
    ${last ? html`<p class="faces" id="mm-last-roll">Last roll (${last.request.purpose}): ${last.faces.map((f, i) => html`<span key=${i}>${f}</span>`)}
      <span class="muted"> success face: ${view.dice.success}</span></p>` : null}
  </section>`;
}

/** @param {{view: View}} props */
function Pending({ view }) {
  const pd = view.pending;
  if (!pd) return null;
  const who = view.players[pd.seat] ? view.players[pd.seat].name : '';
  return html`<section id="mm-pending"><p>Waiting for <strong>${who}</strong>: ${pd.what || words(pd.kind)}${pd.npc ? ' (' + npcName(view, pd.npc) + ')' : ''}
    ${pd.raid && pd.raid.length ? ` · the raid's cargo: ${pd.raid.map((c) => c.good).join(', ')}` : ''}
    ${pd.successes ? ` · ${pd.successes} success${pd.successes === 1 ? '' : 'es'}` : ''}</p></section>`;
}

/** @param {{view: View, ctx: any}} props */
function Battle({ view }) {
  const b = view.battle;
  if (!b) return null;
  const side = (i) => (b.seats[i] >= 0 && view.players[b.seats[i]] ? view.players[b.seats[i]].name : b.npc ? cap(npcName(view, b.npc)) : 'The other ship');
  const bt = b.battle;
  return html`<section class="battle" id="mm-battle">
    <h2>Sea battle: ${side(0)} against ${side(1)}</h2>
    ${bt ? html`<p id="mm-battle-now">${b.now}</p>
      <table class="battle-ships"><tbody>${(bt.ships || []).map((sh, i) => html`<tr key=${i} data-side=${i}><th>${side(i)}</th>
        <td>${view.locations.map((l) => `${l} ${sh[l] ?? 0}`).join(' · ')}</td></tr>`)}</tbody></table>
      ${(bt.contestFaces || []).some((f) => f && f.length) ? html`<p class="faces">Seamanship contest: ${[0, 1].map((i) => html`<span key=${i}>${side(i)}: ${(bt.contestFaces[i] || []).join(' ')}</span>`)}</p>` : null}
      ${(bt.hitFaces || []).some((f) => f && f.length) ? html`<p class="faces">Shots: ${[0, 1].map((i) => html`<span key=${i}>${side(i)}: ${(bt.hitFaces[i] || []).join(' ')}</span>`)}</p>` : null}
      ${(bt.log || []).length ? html`<ul>${bt.log.map((l, i) => html`<li key=${i}>${l}</li>`)}</ul>` : null}` : null}
    ${(b.need || []).map((n, i) => html`<p key=${i} class="warn">${side(n.side)}: ${n.kind === 'declare' ? 'declare shoot, board or flee' : n.kind === 'choose' ? `choose ${n.choose} hit location${n.choose === 1 ? '' : 's'}` : `roll ${n.dice ? `${n.dice} ${n.dice === 1 ? 'die' : 'dice'}` : 'the dice'} (${n.kind})`}</p>`)}
  </section>`;
}

/**
 * Refusal is a refused action's reason, right under the control tapped.
 * @param {{err: any}} props
 */
function Refusal({ err }) {
  if (!err) return null;
  return html`<p class="mm-refusal" role="alert">${err.status === 422 ? 'Not allowed: ' : 'Problem: '}${errorText(err)}</p>`;
}

/**
 * Act is one button sending one action (or the action a function builds
 * when tapped); a refusal shows right under it, and done runs once the
 * action passed (a form clears itself then, never on another screen's
 * update). Another phone's action landing a moment before this tap is
 * the server's to judge: the tap still doing what it did on the table
 * this player saw goes through (two players picking their first ships
 * together), otherwise the refusal says what changed.
 * @param {{id: string, label: any, action: any, ctx: any, cls?: string, disabled?: boolean, done?: () => void, note?: any}} props
 */
function Act({ id, label, action, ctx, cls = '', disabled = false, done, note }) {
  const [err, setErr] = useState(/** @type {any} */ (null));
  const tap = () => {
    let a;
    try { a = typeof action === 'function' ? action() : action; } catch (e) { setErr(e); return; }
    const ok = () => { setErr(null); if (done) done(); };
    ctx.submit(a, { shown: true }).then(ok, setErr);
  };
  // A note (what the action has to go on) is inside its own button, under
  // the label: beside it, it wrapped under the button and sat between two
  // buttons, read as the next one's ("crew 2 of 2" over "Seek a rumor").
  return html`<div class="mm-control">
    <button class=${'btn big ' + cls + (note ? ' mm-withnote' : '')} data-act=${id} disabled=${disabled} onClick=${tap}>${label}${note ? html`<span class="mm-btnnote">${note}</span>` : null}</button>
    <${Refusal} err=${err} />
  </div>`;
}

/**
 * Pick is a list of labelled checkboxes (whole rows are the touch
 * targets); picked holds the chosen values.
 * @param {{name: string, items: {value: string, label: any}[], picked: string[], set: (v: string[]) => void}} props
 */
function Pick({ name, items, picked, set }) {
  return html`<div class="mm-pick" data-pick=${name}>${items.map((it, i) => html`<label key=${it.value + ':' + i} class="mm-check">
    <input type="checkbox" data-value=${it.value} checked=${picked.includes(it.value)}
      onChange=${(/** @type {any} */ e) => set(e.currentTarget.checked ? [...picked, it.value] : picked.filter((x) => x !== it.value))} />
    <span>${it.label}</span></label>`)}</div>`;
}

/**
 * Stepper picks a count from 0 to max with − and + (48 px each).
 * @param {{id: string, label: any, n: number, max: number, set: (n: number) => void}} props
 */
function Stepper({ id, label, n, max, set }) {
  return html`<div class="mm-stepper" data-step=${id}>
    <button class="btn" aria-label=${'one less: ' + id} disabled=${n <= 0} onClick=${() => set(n - 1)}>−</button>
    <span><strong>${n}</strong> ${label}</span>
    <button class="btn" aria-label=${'one more: ' + id} disabled=${n >= max} onClick=${() => set(n + 1)}>+</button>
  </div>`;
}

/**
 * Actions is what this screen may do now: on a phone, its player's, with
 * the forms that need the player's secrets (selling, buying, the stash,
 * glory cards, rumors); on the tablet, the active player's public choices,
 * pointing to the phone for the secret ones. Rolls are the shell's.
 * @param {{view: View, ctx: any}} props
 */
export function Actions({ view, ctx }) {
  if (view.stage === 'setup') {
    // The tablet cannot take a secret pick: it says how a phone joins (it
    // said only "on their phone", and a newcomer with no phone joined yet
    // had nothing to tap). Who has picked is secret from the tablet's
    // view; the log says it.
    if (ctx.seat < 0) {
      return html`<div id="mm-setup-wait"><p>Each player picks their first ship on their phone, in secret.</p>
        ${ctx.host ? html`<p>To join a phone, tap Phones & PINs at the top and scan its code.</p>` : null}</div>`;
    }
    const p = view.players[ctx.seat];
    if (p.ship) return html`<p class="muted">You have picked your ship; waiting for the others.</p>`;
    return html`<div class="mm-act" id="mm-act"><p>Pick your first ship (secret):</p><div class="row">
      ${['sloop', 'flute'].map((s) => html`<${Act} key=${s} id=${'ship-' + s} label=${startShip(view, s)} action=${{ type: 'choose-ship', seat: ctx.seat, ship: s }} ctx=${ctx} />`)}
    </div></div>`;
  }
  if (view.stage !== 'play') return null;
  // The tablet acts for anyone; a phone only for its own seat.
  const mine = (/** @type {number} */ s) => ctx.seat < 0 || ctx.seat === s;
  const me = ctx.seat >= 0 ? view.players[ctx.seat] : null;
  // A hand over 4 glory cards stops the whole table (the engine refuses
  // everything but its holder's discard): its holder sees only the
  // discard, every other screen whom the table waits for, instead of
  // buttons refused after a tap.
  const over = view.players.find((x) => x.gloryCardCount > GLORY_HAND);
  if (over) {
    if (me && me.seat === over.seat) return html`<div class="mm-act" id="mm-act"><${GloryHand} view=${view} p=${me} ctx=${ctx} turn=${false} /></div>`;
    return html`<div class="mm-act" id="mm-act"><p class="warn" id="mm-wait-discard">${waitDiscard(over)}</p></div>`;
  }
  // Beside a roll, a battle or a step, a phone still offers the glory
  // cards it may play then (a combat card in its battle, an "any" card).
  const hand = me ? html`<${GloryHand} view=${view} p=${me} ctx=${ctx} turn=${false} now=${true} />` : null;
  if ((view.need || []).length) return html`<p class="muted">Roll first: the table waits for the dice (above).</p>${hand}`;
  if (view.battle) return html`<${BattleActs} view=${view} mine=${mine} ctx=${ctx} />${hand}`;
  if (view.pending) return html`<${PendingActs} view=${view} mine=${mine} ctx=${ctx} />${hand}`;
  const seat = ctx.seat >= 0 ? ctx.seat : view.active;
  const p = view.players[seat];
  if (!p) return null;
  const own = ctx.seat >= 0;
  if (seat !== view.active) {
    return html`<div class="mm-act" id="mm-act"><p class="muted">${view.players[view.active].name} plays now.</p>
      ${own ? html`<${GloryHand} view=${view} p=${p} ctx=${ctx} turn=${false} />` : null}</div>`;
  }
  const z = view.zones.find((x) => x.id === p.zone);
  const others = z ? (z.atSea || []).filter((s) => s !== seat) : [];
  const npcs = (view.npcs || []).filter((n) => z && n.zone === z.id && !n.entering);
  const left = view.turn.actionsLeft;
  // Sailing, ports and scouting each spend one of the turn's three
  // actions: with none left they are not offered (they were, and each tap
  // was refused), and the turn says what is left to do.
  const acts = left > 0;
  // A target scouted this turn cannot be scouted again (scout-repeat).
  const scouted = (/** @type {string} */ key) => (view.turn.scouted || []).includes(key);
  const home = !!(p.inPort && z && p.captain && p.captain.home === z.id);
  return html`<div class="mm-act" id="mm-act">
    <p>${own ? 'Your turn' : p.name + '’s turn'}: ${acts ? `${left} action${left === 1 ? '' : 's'} left.` : html`<strong id="mm-no-actions">no actions left: end the turn${own && (p.gloryCards || []).length ? ' (glory cards may still be played)' : ''}.</strong>`}</p>
    ${p.inPort && view.turn.portOpen ? html`<${Port} view=${view} p=${p} z=${z} ctx=${ctx} own=${own} />` : null}
    ${acts ? html`<${Fragment}>
    ${z && !p.inPort ? html`<div class="mm-group" id="mm-sail"><h3>Sail to</h3><div class="row">${z.adjacent.map((a) => html`<${Act} key=${a} id=${'move-' + a} label=${zoneName(view, a)} action=${{ type: 'move', seat, to: a }} ctx=${ctx} />`)}</div></div>` : null}
    <div class="row">
      ${z && z.port && !p.inPort ? html`<${EnterPort} view=${view} p=${p} z=${z} ctx=${ctx} />` : null}
      ${p.inPort && !view.turn.portUsed ? html`<${Act} id="port" cls="primary" label=${'Visit ' + (z ? z.port : 'the port') + ' (one action)'} action=${{ type: 'port', seat }} ctx=${ctx} />` : null}
      ${p.inPort && !view.turn.portOpen ? html`<${Act} id="leave-port" label="Leave port" action=${{ type: 'leave-port', seat }} ctx=${ctx} />` : null}
      ${z && z.merchant && !p.inPort && !scouted('merchant:' + z.id) ? html`<${Act} id="scout-merchant" label="Scout for the merchant" action=${{ type: 'scout', seat, target: 'merchant' }} ctx=${ctx} />` : null}
      ${z && z.merchant && !p.inPort && z.ability === 'cartagena' && !scouted('merchant:' + z.id) ? html`<${Act} id="scout-spanish" label="Find a Spanish merchant without a roll (Cartagena)" action=${{ type: 'scout', seat, target: 'merchant', spanish: true }} ctx=${ctx} />` : null}
      ${others.filter((s) => !scouted('seat:' + s)).map((s) => html`<${Act} key=${s} id=${'scout-' + s} label=${'Scout for ' + view.players[s].name} action=${{ type: 'scout', seat, target: 'player', targetSeat: s }} ctx=${ctx} />`)}
      ${!p.inPort ? npcs.filter((n) => !scouted('npc:' + n.kind)).map((n) => html`<${Act} key=${n.kind} id=${'scout-npc-' + n.kind} label=${'Scout for the ' + (n.name || words(n.kind))} action=${{ type: 'scout', seat, target: 'npc', npc: n.kind }} ctx=${ctx} />`) : null}
    </div></${Fragment}>` : null}
    ${p.mission ? html`<div class="mm-group" id="mm-mission-held"><h3>Your mission: ${p.mission.name}</h3>${p.mission.text ? html`<p>${p.mission.text}</p>` : null}
      <${Act} id="mission-complete" label=${'Done: complete ' + p.mission.name + (p.mission.gold ? ` (${p.mission.gold} gold and a glory point)` : ' (a glory point)')} action=${{ type: 'mission-complete', seat }} ctx=${ctx} /></div>` : null}
    ${own && p.rumor ? html`<div class="mm-group" id="mm-rumor-held"><h3>Your rumor: ${p.rumor.name}</h3>${p.rumor.text ? html`<p>${p.rumor.text}</p>` : null}
      <${Act} id="rumor-attempt" label=${`Follow it: roll ${skill(p.rumor.skill)}`} action=${{ type: 'rumor-attempt', seat }} ctx=${ctx} /></div>` : null}
    ${!own && p.hasRumor ? html`<p class="muted">${p.name} may follow their rumor from their phone.</p>` : null}
    ${own && home && (p.stash ?? 0) > 0 && !(view.turn.portOpen && !(view.turn.activities || []).includes('stash')) ? html`<${ChestOut} p=${p} ctx=${ctx} />` : null}
    ${own ? html`<${GloryHand} view=${view} p=${p} ctx=${ctx} turn=${true} />` : html`<p class="muted">${p.name}’s glory cards, cargo and stash are on their phone.</p>`}
    <div class="row">
      ${p.inPort && left === 3 ? html`<${Act} id="retire" label="Retire this captain (ends the turn)" action=${{ type: 'retire', seat }} ctx=${ctx} />` : null}
      <${Act} id="end-turn" label="End the turn" action=${{ type: 'end-turn', seat }} ctx=${ctx} />
    </div>
  </div>`;
}

/**
 * EnterPort sails into the zone's port. Port Royal turns away a captain
 * with an English bounty unless they pay 2 gold or pass an INFLUENCE
 * roll (rulebook, Ports): a wanted captain there gets the two ways in
 * instead of a button the rules would refuse.
 * @param {{view: View, p: Player, z: Zone, ctx: any}} props
 */
function EnterPort({ view, p, z, ctx }) {
  const seat = p.seat;
  const home = p.captain && p.captain.home === z.id;
  const wanted = !home && z.nation && p.bounties && (p.bounties[z.nation] ?? 0) > 0;
  const closed = portClosed(view, p, z);
  if (closed) return html`<${Act} id="enter-port" cls="mm-closed" label=${'Enter ' + z.port} note=${closed} disabled=${true} action=${{ type: 'enter-port', seat }} ctx=${ctx} />`;
  if (!(wanted && z.ability === 'port-royal')) return html`<${Act} id="enter-port" label=${'Enter ' + z.port} action=${{ type: 'enter-port', seat }} ctx=${ctx} />`;
  return html`<div class="mm-group" id="mm-port-royal"><p>${z.port} lets in a captain with ${aNation(view, z.nation || '')} bounty for a fee or a good word:</p><div class="row">
    <${Act} id="enter-port-pay" label=${'Pay 2 gold to enter ' + z.port} action=${{ type: 'enter-port', seat, pay: true }} ctx=${ctx} />
    <${Act} id="enter-port-roll" label=${`Talk your way in: roll ${skill('influence')}`} note="A failure leaves you at sea, the action spent" action=${{ type: 'enter-port', seat, roll: true }} ctx=${ctx} /></div></div>`;
}

/**
 * portClosed says why zone z's port turns captain p away, or '' when it
 * lets them in (the engine's port-closed rules, so that the reason is read
 * before the tap: a plain Enter button was tapped and then refused). A
 * captain's home port always lets them in; a nation at war with theirs
 * keeps them out (our reading); a bounty of the port's nation keeps them
 * out of any port but Port Royal, which offers its own ways in.
 * @param {View} view
 * @param {Player} p
 * @param {Zone} z
 */
function portClosed(view, p, z) {
  if (!p.captain || p.captain.home === z.id || !z.nation) return '';
  const mine = p.captain.nation;
  const war = mine && mine !== z.nation && (view.wars || []).some((w) => { const [a, b] = w.split('|'); return (a === mine && b === z.nation) || (b === mine && a === z.nation); });
  if (war) return `Closed to you: the ${nationName(view, z.nation)} are at war with your captain’s nation (rulebook: Effects of bounties)`;
  const wanted = p.bounties && (p.bounties[z.nation] ?? 0) > 0;
  if (!wanted || z.ability === 'port-royal') return '';
  return `Closed to you: you have ${aNation(view, z.nation)} bounty. Only your home port lets you in, and Port Royal for a fee (rulebook: Effects of bounties)`;
}

/**
 * Port is the open port action: each activity once, selling first; the
 * ones that need the player's secrets only on their phone.
 * @param {{view: View, p: Player, z: Zone|undefined, ctx: any, own: boolean}} props
 */
function Port({ view, p, z, ctx, own }) {
  const done = view.turn.activities || [];
  const seat = p.seat;
  const buying = own && (view.buyDraw || []).length > 0;
  const missions = (view.missions || []).filter((m) => z && m.zone === z.id);
  return html`<section class="mm-port" id="mm-port">
    <h3>In ${z ? z.port : 'port'}${z && z.ability ? html` <span class="muted">(${words(z.ability)}’s port ability)</span>` : null}: each activity once, selling first</h3>
    ${done.length ? html`<p class="muted">Done: ${done.map(words).join(', ')}.</p>` : null}
    ${own && !done.length ? html`<${Sell} view=${view} p=${p} z=${z} ctx=${ctx} />` : null}
    ${!own && !done.length ? html`<p class="muted">${p.name} sells cargo from their phone.</p>` : null}
    ${own && !done.includes('buy') ? html`<${Act} id="buy-draw" label="Buy goods: draw the cargo cards for sale" action=${{ type: 'buy-draw', seat }} ctx=${ctx} />` : null}
    ${buying ? html`<${Buy} view=${view} p=${p} z=${z} ctx=${ctx} />` : null}
    ${!own && !done.includes('buy') ? html`<p class="muted">${p.name} buys goods from their phone (the cards drawn are secret).</p>` : null}
    ${!done.includes('shipyard') ? html`<${Shipyard} view=${view} p=${p} ctx=${ctx} />` : null}
    ${!done.includes('recruit') ? html`<${Act} id="recruit" label=${'Recruit crew: roll Leadership'} note=${p.ship ? `Crew aboard: ${p.ship.locations.crew ?? 0} of ${p.ship.max.crew ?? 0}` : ''} action=${{ type: 'recruit', seat }} ctx=${ctx} />` : null}
    ${!done.includes('rumor') ? html`<${Act} id="rumor" label=${'Seek a rumor: roll Influence' + (z && z.ability === 'curacao' ? ' (free here)' : ' (2 gold)')} action=${{ type: 'rumor', seat }} ctx=${ctx} />` : null}
    ${!done.includes('mission') ? missions.map((m) => html`<div key=${m.id} class="mm-mission"><p><strong>Mission: ${m.name}</strong>${m.gold ? ` · pays ${m.gold} gold` : ''}${m.text ? html`<br />${m.text}` : null}</p>
      <${Act} id=${'mission-' + m.id} label=${'Take it: the captain meets what it asks'} action=${{ type: 'mission-claim', seat, mission: m.id, met: true }} ctx=${ctx} /></div>`) : null}
    ${own && !done.includes('stash') ? html`<${StashForm} view=${view} p=${p} z=${z} ctx=${ctx} />` : null}
    <${Act} id="end-port" label=${'Done in ' + (z ? z.port : 'port')} action=${{ type: 'end-port', seat }} ctx=${ctx} />
  </section>`;
}

/**
 * Sell: tick the cargo cards to sell; the good in demand here pays more.
 * @param {{view: View, p: Player, z: Zone|undefined, ctx: any}} props
 */
function Sell({ view, p, z, ctx }) {
  const [picked, setPicked] = useState(/** @type {string[]} */ ([]));
  const cargo = p.cargo || [];
  const prices = view.sellPrices || {};
  const gold = picked.reduce((n, id) => n + (prices[id] || 0), 0);
  if (!cargo.length) return html`<p class="muted">No cargo to sell.</p>`;
  return html`<div class="mm-group" id="mm-sell"><h4>Sell goods${z && z.demand ? ` (${z.port} wants ${z.demand})` : ''}</h4>
    <${Pick} name="sell" items=${cargo.map((c) => ({ value: c.id, label: `${c.good}${z && c.good === z.demand ? ' · in demand' : ''}${prices[c.id] !== undefined ? ` · ${prices[c.id]} gold` : ''}` }))} picked=${picked} set=${setPicked} />
    <${Act} id="sell" cls="primary" label=${picked.length ? `Sell ${picked.length} card${picked.length === 1 ? '' : 's'}${gold ? ` for ${gold} gold` : ''}` : 'Sell the cards ticked'} disabled=${!picked.length}
      action=${{ type: 'sell', seat: p.seat, cards: picked }} ctx=${ctx} done=${() => setPicked([])} />
  </div>`;
}

/**
 * Buy: the cards drawn (secret, with their prices), tick those to buy and
 * any held cargo to throw out for room.
 * @param {{view: View, p: Player, z: Zone|undefined, ctx: any}} props
 */
function Buy({ view, p, z, ctx }) {
  const [picked, setPicked] = useState(/** @type {string[]} */ ([]));
  const [drop, setDrop] = useState(/** @type {string[]} */ ([]));
  const prices = view.buyPrices || {};
  const draw = view.buyDraw || [];
  const cost = picked.reduce((n, id) => n + (prices[id] || 0), 0);
  const room = p.ship ? (p.ship.max.cargo ?? 0) : 0;
  return html`<div class="mm-group" id="mm-buy"><h4>Buy goods: the cards drawn (only you see them)</h4>
    <${Pick} name="buy" items=${draw.map((c) => ({ value: c.id, label: `${c.good} · ${prices[c.id]} gold` }))} picked=${picked} set=${setPicked} />
    ${(p.cargo || []).length ? html`<p>Throw out to make room (your hold carries ${room}):</p>
      <${Pick} name="discard" items=${(p.cargo || []).map((c) => ({ value: c.id, label: c.good }))} picked=${drop} set=${setDrop} />` : null}
    <${Act} id="buy" cls="primary" label=${picked.length ? `Buy ${picked.length} for ${cost} gold` : 'Buy none (the cards go to the discard)'}
      action=${() => ({ type: 'buy', seat: p.seat, cards: picked, discard: drop })} ctx=${ctx} done=${() => { setPicked([]); setDrop([]); }} />
    ${z && z.ability === 'santo-domingo' ? html`<${Act} id="buy-redraw" label="Pay 1 gold to draw new cards (Santo Domingo)" action=${{ type: 'buy-redraw', seat: p.seat }} ctx=${ctx} done=${() => setPicked([])} />` : null}
  </div>`;
}

/** The special weapons and ship modifications in words. */
/** @type {Record<string, string>} */
const WORDS = {
  'chain-shot': 'Chain-shot', grapeshot: 'Grapeshot', 'grappling-hooks': 'Grappling hooks',
  'extended-cargo-hold': 'Extended cargo hold', 'extra-cannon-port': 'Extra cannon port', 'advanced-rigs': 'Advanced rigs',
  'extra-hammocks': 'Extra hammocks', 'reinforced-hull': 'Reinforced hull', chasers: 'Chasers', 'swivel-guns': 'Swivel guns', 'long-guns': 'Long guns',
  curacao: 'Curaçao', 'st-maarten': 'St. Maarten', 'st-john': 'St. John', 'basse-terre': 'Basse-Terre', 'petite-goave': 'Petite-Goâve',
  'port-royal': 'Port Royal', 'old-providence': 'Old Providence', 'san-juan': 'San Juan', 'santo-domingo': 'Santo Domingo',
  'man-o-war': 'Man-o-war', facedown: 'face down', 'pirate-frigate': 'pirate frigate',
};
/** words is an engine word as players say it. @param {string} w */
const words = (w) => WORDS[w] || cap(String(w || '').replace(/-/g, ' '));
/** @param {string} s */
const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : '');
/**
 * skill is a captain's skill as a word ("Seamanship"), however the catalog
 * typed it: the rulebook's capitals would shout in a sentence.
 * @param {string} s
 */
const skill = (s) => cap(String(s || '').toLowerCase());
const WEAPONS = ['chain-shot', 'grapeshot', 'grappling-hooks'];
const REPAIRABLE = ['hull', 'cargo', 'masts', 'cannons'];

/**
 * Shipyard is one visit: a new ship, this port's modification, special
 * weapons and repairs, all priced as the view gives them, paid at once.
 * @param {{view: View, p: Player, ctx: any}} props
 */
function Shipyard({ view, p, ctx }) {
  const sy = view.shipyard;
  const [ship, setShip] = useState('');
  const [mod, setMod] = useState(false);
  const [weapons, setWeapons] = useState(/** @type {string[]} */ ([]));
  const [repair, setRepair] = useState(/** @type {Record<string, number>} */ ({}));
  const [sell, setSell] = useState(/** @type {string[]} */ ([]));
  const [keep, setKeep] = useState(/** @type {string[]} */ ([]));
  if (!sy || !p.ship) return null;
  const sh = p.ship;
  const offer = (sy.ships || []).find((o) => o.type === ship);
  const canWeapons = WEAPONS.filter((w) => !(p.weapons || []).includes(w));
  const fix = REPAIRABLE.filter((l) => (sh.max[l] ?? 0) > (sh.locations[l] ?? 0));
  const nRepair = Object.values(repair).reduce((a, b) => a + b, 0);
  // St John moves the old ship's modifications to the one bought there.
  const movable = ship && sy.modTransfer ? (sh.mods || []) : [];
  const kept = keep.filter((m) => movable.includes(m));
  const cost = (offer ? offer.price : 0) + (mod ? sy.modPrice : 0) + weapons.length * sy.weaponPrice + (ship ? 0 : nRepair * sy.repairPrice)
    + kept.length * sy.modTransfer - sell.length * sy.weaponSale;
  const clear = () => { setShip(''); setMod(false); setWeapons([]); setRepair({}); setSell([]); setKeep([]); };
  return html`<div class="mm-group" id="mm-shipyard"><h4>The shipyard</h4>
    ${(sy.ships || []).length ? html`<p>A new ship (your ${sh.name} is taken for ${sy.tradeIn} gold):</p>
      <div class="mm-pick">${[{ type: '', name: 'Keep my ship', price: 0 }, ...(sy.ships || [])].map((o) => html`<label key=${o.type} class="mm-check">
        <input type="radio" name="mm-ship" data-value=${o.type || 'keep'} checked=${ship === o.type} onChange=${() => setShip(o.type)} />
        <span>${o.name}${o.type ? ` · ${o.price >= 0 ? o.price + ' gold' : 'you are paid ' + -o.price + ' gold'}` : ''}</span></label>`)}</div>` : null}
    ${movable.length ? html`<p>Move modifications to the new ship (${sy.modTransfer} gold each, St. John only):</p>
      <${Pick} name="keep-mods" items=${movable.map((m) => ({ value: m, label: words(m) }))} picked=${kept} set=${setKeep} />` : null}
    ${sy.mod && sy.mod !== 'facedown' ? html`<label class="mm-check"><input type="checkbox" data-value="mod" checked=${mod} onChange=${(/** @type {any} */ e) => setMod(e.currentTarget.checked)} />
      <span>${words(sy.mod)} · ${sy.modPrice} gold</span></label>` : null}
    ${canWeapons.length ? html`<p>Special weapons (${sy.weaponPrice} gold each):</p>
      <${Pick} name="weapons" items=${canWeapons.map((w) => ({ value: w, label: words(w) }))} picked=${weapons} set=${setWeapons} />` : null}
    ${(p.weapons || []).length && sy.weaponSale ? html`<p>Sell special weapons back (${sy.weaponSale} gold each):</p>
      <${Pick} name="sell-weapons" items=${(p.weapons || []).map((w) => ({ value: w, label: words(w) }))} picked=${sell} set=${setSell} />` : null}
    ${!ship && fix.length ? (sy.repairRefused ? html`<p class="muted">No repairs here: ${sy.repairRefused}.</p>`
      : html`<p>Repairs (${sy.repairPrice ? sy.repairPrice + ' gold a point' : 'free here'}):</p>
        ${fix.map((l) => html`<${Stepper} key=${l} id=${l} label=${`${cap(l)} (${sh.locations[l] ?? 0} of ${sh.max[l] ?? 0})`} n=${repair[l] || 0}
          max=${(sh.max[l] ?? 0) - (sh.locations[l] ?? 0)} set=${(/** @type {number} */ n) => setRepair({ ...repair, [l]: n })} />`)}`) : null}
    <${Act} id="shipyard" cls="primary" label=${cost < 0 ? `Receive ${-cost} gold at the shipyard` : `Pay ${cost} gold at the shipyard`} disabled=${!ship && !mod && !weapons.length && !nRepair && !sell.length}
      action=${() => {
        /** @type {Record<string, number>} */
        const rep = {};
        for (const [l, n] of Object.entries(repair)) if (n > 0 && !ship) rep[l] = n;
        return { type: 'shipyard', seat: p.seat, ship: ship || undefined, mod: mod || undefined, weapons: weapons.length ? weapons : undefined, repair: Object.keys(rep).length ? rep : undefined,
          sellWeapons: sell.length ? sell : undefined, keepMods: kept.length ? kept : undefined };
      }} ctx=${ctx} done=${clear} />
  </div>`;
}

/**
 * StashForm moves gold between the ship and the chest at home (or sends
 * it from St. Maarten): only this phone sees the chest.
 * @param {{view: View, p: Player, z: Zone|undefined, ctx: any}} props
 */
function StashForm({ p, z, ctx }) {
  const [n, setN] = useState('');
  const home = p.captain && z && p.captain.home === z.id;
  if (!home && !(z && z.ability === 'st-maarten')) return null;
  const amount = Number(n);
  const ok = n !== '' && Number.isInteger(amount) && amount > 0;
  return html`<div class="mm-group" id="mm-stash"><h4>Your chest${home ? '' : ' (sent from St. Maarten for 5 gold)'}: ${p.stash ?? 0} gold</h4>
    <label class="mm-field">Gold to move <input type="number" inputmode="numeric" min="1" id="mm-stash-n" value=${n} onInput=${(/** @type {any} */ e) => setN(e.currentTarget.value)} /></label>
    <div class="row">
      <${Act} id="stash-in" label="Put it in the chest" disabled=${!ok} action=${() => ({ type: 'stash', seat: p.seat, amount })} ctx=${ctx} done=${() => setN('')} />
      ${home ? html`<${Act} id="stash-out" label="Take it out" disabled=${!ok} action=${() => ({ type: 'stash', seat: p.seat, amount: -amount })} ctx=${ctx} done=${() => setN('')} />` : null}
    </div>
  </div>`;
}

/**
 * ChestOut takes gold out of the chest in the home port: "freely", at any
 * time on one's turn there (Stash gold), not only in the port action's
 * stash activity, so it shows whenever the chest holds gold.
 * @param {{p: Player, ctx: any}} props
 */
function ChestOut({ p, ctx }) {
  const [n, setN] = useState('');
  const amount = Number(n);
  const ok = n !== '' && Number.isInteger(amount) && amount > 0 && amount <= (p.stash ?? 0);
  return html`<div class="mm-group" id="mm-chest"><h4>Your chest: ${p.stash ?? 0} gold</h4>
    <p class="muted">At home, gold leaves the chest whenever you like on your turn.</p>
    <label class="mm-field">Gold to take out <input type="number" inputmode="numeric" min="1" max=${p.stash ?? 0} id="mm-chest-n" value=${n} onInput=${(/** @type {any} */ e) => setN(e.currentTarget.value)} /></label>
    <${Act} id="chest-out" label=${ok ? `Take ${amount} gold out of the chest` : 'Take gold out of the chest'} disabled=${!ok} action=${() => ({ type: 'stash', seat: p.seat, amount: -amount })} ctx=${ctx} done=${() => setN('')} />
  </div>`;
}

/**
 * startShip names a ship a captain may start in as the owner's catalog
 * does ("Practice Sloop"): the buttons said the type ("Sloop"), and the
 * captain then sailed a ship of another name.
 * @param {View} view
 * @param {string} type "sloop" or "flute"
 */
const startShip = (view, type) => (view.startShips && view.startShips[type]) || cap(type);

/** A hand holds at most 4 glory cards (rulebook, Glory cards). */
const GLORY_HAND = 4;

/**
 * overHand tells a player holding more than 4 glory cards (plunder gives
 * the loser's whole hand) what to do: the engine refuses to play a card
 * until the hand is 4 again.
 * @param {number} n the cards held
 */
const overHand = (n) => `You hold ${n} glory cards and may keep ${GLORY_HAND}: discard ${n - GLORY_HAND === 1 ? 'one' : n - GLORY_HAND} first, before anything else. The game waits for you.`;

/**
 * rollsHeld says why no roll can be entered while a captain holds more
 * than 4 glory cards (the engine refuses everything but the discard, the
 * roll too): the shell shows it in place of the roll box, which offered a
 * roll that was then refused.
 * @param {View} view
 * @param {number} seat the screen's seat, -1 for the tablet
 * @returns {string} empty when the rolls can be entered
 */
export function rollsHeld(view, seat) {
  const over = view && view.stage === 'play' && (view.players || []).find((x) => x.gloryCardCount > GLORY_HAND);
  if (!over) return '';
  if (over.seat === seat) return `Discard ${over.gloryCardCount - GLORY_HAND === 1 ? 'a glory card' : over.gloryCardCount - GLORY_HAND + ' glory cards'} first (below): you hold ${over.gloryCardCount} and may keep ${GLORY_HAND}. Then the dice.`;
  return `The dice wait until ${over.name} has discarded down to ${GLORY_HAND} glory cards (${over.gloryCardCount} held) on their phone.`;
}

/**
 * waitDiscard tells every other screen whom the table waits for while a
 * player holds more than 4 glory cards (the engine refuses anything else).
 * @param {Player} p
 */
const waitDiscard = (p) => `The table waits for ${p.name}: ${p.name} holds ${p.gloryCardCount} glory cards and may keep ${GLORY_HAND}, and discards ${p.gloryCardCount - GLORY_HAND} on their phone before anything else.`;

/**
 * playable tells whether p may play glory card g now (Glory Cards): a
 * combat card in a battle p fights, an "any" card on anyone's turn outside
 * a battle, any other card on p's own turn outside a battle.
 * @param {View} view
 * @param {Player} p
 * @param {import('./types.gen.js').MMCard} g
 */
function playable(view, p, g) {
  if (view.battle) return g.timing === 'combat' && view.battle.seats.includes(p.seat);
  if (g.timing === 'combat') return false;
  return g.timing === 'any' || view.active === p.seat;
}

/**
 * timingWords says when a glory card is played, beside its name.
 * @param {import('./types.gen.js').MMCard} g
 */
function timingWords(g) {
  if (g.specialist) return `specialist: ${words(g.specialist)}`;
  if (g.timing === 'combat') return 'played in a battle you fight';
  if (g.timing === 'any') return 'played on any turn, when the card says';
  return 'played on your own turn';
}

/**
 * GloryHand is the phone's glory cards: each with its text and when it is
 * played, to play when its timing allows (its effect is settled at the
 * table, and any gold or glory it gives entered with the adjustment
 * below), a specialist to hire on one's own turn, or to discard. With
 * now, only the cards playable at this moment (beside a battle or a step),
 * or nothing.
 * @param {{view: View, p: Player, ctx: any, turn: boolean, now?: boolean}} props
 */
function GloryHand({ view, p, ctx, turn, now = false }) {
  const all = p.gloryCards || [];
  const over = all.length > GLORY_HAND;
  const cards = now ? all.filter((g) => playable(view, p, g)) : all;
  if (!cards.length) return null;
  // Hiring is a turn's business: the engine takes it from the active
  // player only, outside a battle, a step or an open purchase.
  const hiring = !over && view.active === p.seat && !view.battle && !view.pending && !(view.buyDraw || []).length;
  return html`<div class="mm-group" id="mm-glory"><h3>${now ? 'Glory cards you may play now' : 'Your glory cards'}</h3>
    ${over ? html`<p class="warn" id="mm-glory-discard">${overHand(all.length)}</p>` : null}
    ${cards.map((g) => html`<div key=${g.id} class="mm-card" data-card=${g.name}><p><strong>${g.name}</strong> <span class="muted">· ${timingWords(g)}</span>${g.text ? html`<br />${g.text}` : null}</p>
      ${g.specialist && hiring ? html`<${Hire} p=${p} g=${g} ctx=${ctx} />` : null}
      <div class="row">${!over && !g.specialist && playable(view, p, g) ? html`<${Act} id=${'play-' + g.id} label=${'Play ' + g.name} action=${{ type: 'play-glory', seat: p.seat, card: g.id }} ctx=${ctx} />` : null}
        <${Act} id=${'discard-' + g.id} label=${'Discard ' + g.name} action=${{ type: 'discard-glory', seat: p.seat, card: g.id }} ctx=${ctx} /></div></div>`)}
    ${turn ? html`<${AdjustForm} p=${p} ctx=${ctx} />` : null}
  </div>`;
}

/**
 * Hire employs a specialist glory card for the gold the card asks (read at
 * the table: the engine does not know the price), one of each type.
 * @param {{p: Player, g: import('./types.gen.js').MMCard, ctx: any}} props
 */
function Hire({ p, g, ctx }) {
  const [n, setN] = useState('');
  const held = (p.specialists || []).find((c) => c.specialist === g.specialist);
  if (held) return html`<p class="muted">You already employ ${held.name}, a ${words(g.specialist || '')}: one of each kind.</p>`;
  const gold = n === '' ? 0 : Number(n);
  const ok = Number.isInteger(gold) && gold >= 0 && gold <= p.gold;
  return html`<div class="mm-hire" data-hire=${g.id}>
    <label class="mm-field">Gold the card asks <input type="number" inputmode="numeric" min="0" max=${p.gold} class="mm-hire-gold" value=${n} onInput=${(/** @type {any} */ e) => setN(e.currentTarget.value)} /></label>
    <${Act} id=${'hire-' + g.id} cls="primary" label=${`Hire ${g.name}${gold ? ` for ${gold} gold` : ''}`} disabled=${!ok} action=${() => ({ type: 'hire-specialist', seat: p.seat, card: g.id, gold })} ctx=${ctx} done=${() => setN('')} />
  </div>`;
}

/**
 * AdjustForm enters what a card played gave (gold, glory points), with the
 * card's name as the reason, for the log.
 * @param {{p: Player, ctx: any}} props
 */
function AdjustForm({ p, ctx }) {
  const [why, setWhy] = useState('');
  const [gold, setGold] = useState(0);
  const [glory, setGlory] = useState(0);
  return html`<details class="mm-adjust" id="mm-adjust"><summary>A card gave gold or glory: enter it</summary>
    <label class="mm-field">Which card <input type="text" id="mm-adjust-why" value=${why} onInput=${(/** @type {any} */ e) => setWhy(e.currentTarget.value)} /></label>
    <${Stepper} id="adjust-gold" label="gold" n=${gold} max=${30} set=${setGold} />
    <${Stepper} id="adjust-glory" label="glory points" n=${glory} max=${3} set=${setGlory} />
    <${Act} id="adjust" label="Enter it" disabled=${!gold && !glory} action=${() => ({ type: 'adjust', seat: p.seat, target: p.seat, gold, glory, reason: why.trim() })} ctx=${ctx}
      done=${() => { setWhy(''); setGold(0); setGlory(0); }} />
  </details>`;
}

/**
 * PendingActs answers what the game waits for from one player: a merchant
 * found, a raid, crew to hire after a failed recruit roll, which of two
 * rumors to keep, a new captain, a beaten ship to claim.
 * @param {{view: View, mine: (s: number) => boolean, ctx: any}} props
 */
function PendingActs({ view, mine, ctx }) {
  const pd = view.pending;
  if (!pd) return null;
  const seat = pd.seat;
  const p = view.players[seat];
  const who = p ? p.name : '';
  if (!mine(seat)) return html`<p class="muted" id="mm-wait-pending">${who} decides now: ${pd.kind === 'claim-ship' && pd.ship ? `whether to take the beaten ${pd.shipName || words(pd.ship)}` : pd.what || words(pd.kind)}.</p>`;
  switch (pd.kind) {
    case 'merchant':
      if (pd.spanish) {
        return html`<div class="mm-act" id="mm-act"><p>${who} found a Spanish merchant off Cartagena, without a roll.</p><div class="row">
        <${Act} id="raid" cls="primary" label="Raid the Spanish merchant" action=${{ type: 'merchant', seat, nation: 'spanish', raid: true }} ctx=${ctx} />
        <${Act} id="let-go" label="Let it sail away" action=${{ type: 'merchant', seat, raid: false }} ctx=${ctx} /></div></div>`;
      }
      return html`<div class="mm-act" id="mm-act"><p>${who} found ${aNation(view, pd.token || '')} merchant.${pd.zoneNation && pd.zoneNation !== pd.token ? ` It may be taken as ${aNation(view, pd.zoneNation)} merchant instead, the nation of this sea zone.` : ''}</p><div class="row">
        <${Act} id="raid" cls="primary" label=${`Raid ${aNation(view, pd.token || '')} merchant`} action=${{ type: 'merchant', seat, nation: pd.token, raid: true }} ctx=${ctx} />
        ${pd.zoneNation && pd.zoneNation !== pd.token ? html`<${Act} id="raid-zone" label=${`Raid ${aNation(view, pd.zoneNation)} merchant`} action=${{ type: 'merchant', seat, nation: pd.zoneNation, raid: true }} ctx=${ctx} />` : null}
        <${Act} id="let-go" label="Let it sail away" action=${{ type: 'merchant', seat, raid: false }} ctx=${ctx} />
      </div></div>`;
    case 'raid': {
      const cards = pd.raid || [];
      return html`<div class="mm-act" id="mm-act"><p>The raid: ${cards.map((c) => c.good).join(', ') || 'no cards'}; ${pd.successes || 0} success${pd.successes === 1 ? '' : 'es'} to spend.</p><div class="row">
        <${Act} id="raid-draw" label="Draw a card (one success)" action=${{ type: 'raid', seat, op: 'draw' }} ctx=${ctx} />
        <${Act} id="raid-end-keep" cls="primary" label="End the raid, keep the cards" action=${{ type: 'raid', seat, op: 'end', keep: cards.map((c) => c.id) }} ctx=${ctx} />
        <${Act} id="raid-end" label="End the raid, keep none" action=${{ type: 'raid', seat, op: 'end', keep: [] }} ctx=${ctx} />
      </div></div>`;
    }
    case 'recruit-pay':
      return html`<${RecruitPay} p=${p} ctx=${ctx} />`;
    case 'rumor-keep':
      if (!(pd.rumors || []).length) return html`<p class="muted">${who} keeps one of two rumors on their phone.</p>`;
      return html`<div class="mm-act" id="mm-act"><p id="mm-rumor-keep">You hold two rumors now, and may keep only one: pick it, the other goes back into the deck.</p>
        ${(pd.rumors || []).map((r) => html`<div key=${r.id} class="mm-card"><p><strong>${r.name}</strong> · roll ${skill(r.skill)}${p && p.rumor && p.rumor.id === r.id ? html` <span class="muted">(the one you held)</span>` : html` <span class="muted">(new)</span>`}${r.text ? html`<br />${r.text}` : null}</p>
          <${Act} id=${'keep-' + r.id} label=${'Keep ' + r.name} action=${{ type: 'rumor-keep', seat, rumor: r.id }} ctx=${ctx} /></div>`)}</div>`;
    case 'new-captain':
      return html`<div class="mm-act" id="mm-act"><p>${who} draws a new captain, who starts in a new ship:</p><div class="row">
        ${['sloop', 'flute'].map((s) => html`<${Act} key=${s} id=${'captain-' + s} label=${'A ' + startShip(view, s)} action=${{ type: 'new-captain', seat, ship: s }} ctx=${ctx} />`)}</div></div>`;
    case 'claim-ship':
      return html`<${Claim} view=${view} ctx=${ctx} />`;
    default:
      return html`<p class="muted">${who}: ${pd.what || words(pd.kind)}. The dice come first.</p>`;
  }
}

/**
 * Claim is the claim step after a won boarding (Plundering player
 * captains, Claiming ships): the beaten captain's specialists offered with
 * the ship, a tick each (untick those not employed: claim-ship's dismiss);
 * on the winner's phone only (cargo is secret), the cargo cards of both
 * holds, a tick each (claim-ship's keep), counted against the hold of the
 * ship each answer sails on with; then Yes / No. As offered, one tap does
 * what the engine does without a choice: every specialist comes over and
 * the hold fills with one's own cards, then the plundered, in order.
 * @param {{view: View, ctx: any}} props
 */
function Claim({ view, ctx }) {
  const pd = /** @type {import('./types.gen.js').MMPendingView} */ (view.pending);
  const seat = pd.seat;
  const p = view.players[seat];
  const offered = pd.specialists || [];
  const [employ, setEmploy] = useState(offered.map((c) => c.id));
  // null: the ticks as offered (the player has not touched them).
  const [ticked, setTicked] = useState(/** @type {string[]|null} */ (null));
  const who = p ? p.name : '';
  // The ship offered by name, and the one given up: "take their ship"
  // did not say which, nor that one's own is discarded.
  const theirs = pd.ship ? pd.shipName || words(pd.ship) : 'beaten ship';
  const own = p && p.ship ? p.ship.name : 'ship';
  const whose = ctx.seat >= 0 ? 'your' : who + '’s';
  const dismiss = offered.map((c) => c.id).filter((id) => !employ.includes(id));
  // The cargo is the winner's secret: only their phone sees both holds.
  const cargo = ctx.seat === seat && p ? [...(p.cargo || []).map((c) => ({ c, from: 'yours' })), ...(pd.cargo || []).map((c) => ({ c, from: 'plundered' }))] : [];
  const holds = { yes: pd.offer ? pd.offer.locations.cargo ?? 0 : -1, no: p && p.ship ? p.ship.locations.cargo ?? 0 : -1 };
  // As offered, one's own cards then the plundered, as many as the larger
  // hold takes; each answer keeps the first its own hold carries.
  const offeredTicks = cargo.map((x) => x.c.id).slice(0, Math.max(holds.yes, holds.no, 0));
  const picked = ticked ?? offeredTicks;
  /** keepFor is the cargo an answer sails on with, or null when the ticks do not fit. @param {number} hold */
  const keepFor = (hold) => (hold < 0 || picked.length <= hold ? picked : ticked === null ? picked.slice(0, hold) : null);
  const goods = (/** @type {string[]} */ ids) => ids.map((id) => (cargo.find((x) => x.c.id === id) || { c: { good: id } }).c.good).join(', ');
  /** note says what an answer's hold takes. @param {number} hold @param {string} ship */
  const note = (hold, ship) => {
    if (!cargo.length || hold < 0) return '';
    const k = keepFor(hold);
    if (!k) return `${picked.length} ticked, and the ${ship}’s hold carries ${hold}: untick ${picked.length - hold}`;
    if (k.length < picked.length) return `The ${ship}’s hold carries ${hold}: you sail with the first ${hold} ticked (${goods(k)})`;
    return `You sail with ${k.length} of the ${hold} cargo cards the ${ship} carries`;
  };
  const answer = (/** @type {boolean} */ claim) => () => {
    /** @type {any} */
    const a = { type: 'claim-ship', seat, claim };
    if (dismiss.length) a.dismiss = dismiss;
    const k = cargo.length ? keepFor(claim ? holds.yes : holds.no) : null;
    if (k) a.keep = k;
    return a;
  };
  const blocked = (/** @type {number} */ hold) => cargo.length > 0 && !keepFor(hold);
  return html`<div class="mm-act" id="mm-act">
    <p id="mm-claim">${who} won the boarding${pd.npc ? ` against the ${npcName(view, pd.npc)}` : ''}. Take the beaten ${theirs}, with the damage it took, and discard ${whose} ${own}? The crew comes along.</p>
    ${offered.length ? html`<div class="mm-group" id="mm-claim-specialists"><h4>The beaten captain’s specialists come over free: untick any ${ctx.seat >= 0 ? 'you do' : who + ' does'} not employ</h4>
      <${Pick} name="employ" items=${offered.map((c) => ({ value: c.id, label: c.specialist ? `${c.name} (${words(c.specialist)})` : c.name }))} picked=${employ} set=${setEmploy} /></div>` : null}
    ${cargo.length ? html`<div class="mm-group" id="mm-claim-cargo"><h4>The cargo you sail on with (only you see it): tick the cards to keep, the rest is discarded</h4>
      <${Pick} name="keep" items=${cargo.map((x) => ({ value: x.c.id, label: `${x.c.good} (plunder ${x.c.plunder}) · ${x.from === 'yours' ? 'your hold' : 'plundered'}` }))} picked=${picked} set=${setTicked} />
      <p id="mm-claim-count">Ticked: ${picked.length} cargo card${picked.length === 1 ? '' : 's'}.${holds.yes >= 0 ? ` The beaten ${theirs} carries ${holds.yes};` : ''} your ${own} carries ${holds.no}.</p></div>` : null}
    ${ctx.seat < 0 && p && p.cargoCount > 0 ? html`<p class="muted" id="mm-claim-secret">${who} holds ${p.cargoCount} cargo card${p.cargoCount === 1 ? '' : 's'}${holds.yes >= 0 ? `; the beaten ${theirs} carries ${holds.yes}, ${whose} ${own} ${holds.no}` : ''}. The cargo is secret: which cards to keep is chosen on ${who}’s phone; from here the hold fills with their own cards, then the plundered.</p>` : null}
    <div class="row">
      <${Act} id="claim" cls=${blocked(holds.yes) ? 'mm-closed' : ''} label=${`Yes: take the beaten ${theirs}`} note=${note(holds.yes, 'beaten ' + theirs)} disabled=${blocked(holds.yes)} action=${answer(true)} ctx=${ctx} />
      <${Act} id="no-claim" cls=${blocked(holds.no) ? 'mm-closed' : ''} label=${`No: keep ${whose} ${own}`} note=${note(holds.no, own)} disabled=${blocked(holds.no)} action=${answer(false)} ctx=${ctx} /></div></div>`;
}

/**
 * RecruitPay hires crew for 2 gold each after a failed recruit roll.
 * @param {{p: Player, ctx: any}} props
 */
function RecruitPay({ p, ctx }) {
  const room = p.ship ? (p.ship.max.crew ?? 0) - (p.ship.locations.crew ?? 0) : 0;
  const [n, setN] = useState(Math.min(room, Math.floor(p.gold / 2)));
  // A full crew has no one to hire: a stepper stuck at 0 of 0 and "Hire
  // none" read as a form to fill.
  if (room <= 0) {
    return html`<div class="mm-act" id="mm-act"><p>The recruiting roll failed, and your crew is full: there is no one to hire.</p>
      <${Act} id="recruit-pay" cls="primary" label="Go on" action=${{ type: 'recruit-pay', seat: p.seat, crew: 0 }} ctx=${ctx} /></div>`;
  }
  return html`<div class="mm-act" id="mm-act"><p>The recruiting roll failed: hire crew for 2 gold each.</p>
    <${Stepper} id="crew" label=${`crew (room for ${room})`} n=${n} max=${room} set=${setN} />
    <${Act} id="recruit-pay" cls="primary" label=${n ? `Hire ${n} for ${2 * n} gold` : 'Hire none'} action=${() => ({ type: 'recruit-pay', seat: p.seat, crew: n })} ctx=${ctx} />
  </div>`;
}

/**
 * BattleActs offers a battle's choices to the side that must act:
 * declarations, hit locations, special ammunition, chasers and the
 * reinforced hull (rolls are the shell's).
 * @param {{view: View, mine: (s: number) => boolean, ctx: any}} props
 */
function BattleActs({ view, mine, ctx }) {
  const b = view.battle;
  if (!b) return null;
  const out = [];
  for (const n of b.need || []) {
    const seat = b.seats[n.side] >= 0 ? b.seats[n.side] : b.controller;
    if (seat === undefined || seat < 0 || !mine(seat)) continue;
    const who = b.seats[n.side] >= 0 ? view.players[seat].name : (b.npc ? `the ${npcName(view, b.npc)} (steered by ${view.players[seat].name})` : '');
    const k = `${n.kind}-${n.side}`;
    if (n.kind === 'declare') {
      // A naval battle's first round is shooting only (the engine refuses
      // board and flee then): the buttons were offered and refused.
      const first = !!(b.battle && b.battle.round === 1 && !b.battle.inCrewCombat);
      out.push(html`<div key=${k} class="mm-group"><p>${who}: ${first ? 'the first round of a sea battle is shooting only.' : 'shoot, board or flee?'}</p><div class="row">
        ${(first ? ['shoot'] : ['shoot', 'board', 'flee']).map((c) => html`<${Act} key=${c} id=${'declare-' + c} label=${cap(c)} action=${{ type: 'declare', seat, choice: c }} ctx=${ctx} />`)}</div></div>`);
    } else if (n.kind === 'choose') {
      out.push(html`<${ChooseHits} key=${k} who=${who} n=${n.choose || 1} seat=${seat} view=${view} ctx=${ctx} />`);
    } else if (n.kind === 'chasers') {
      out.push(html`<div key=${k} class="mm-group"><p>${who}: fire the chasers at the fleeing ship?</p><div class="row">
        <${Act} id="chase-fire" label="Fire the chasers" action=${{ type: 'chase', seat, fire: true }} ctx=${ctx} />
        <${Act} id="chase-hold" label="Let it go" action=${{ type: 'chase', seat, fire: false }} ctx=${ctx} /></div></div>`);
    } else if (n.kind === 'absorb') {
      out.push(html`<div key=${k} class="mm-group"><p>${who}: the reinforced hull may take one hit instead of</p><div class="row">
        ${view.locations.map((l) => html`<${Act} key=${l} id=${'absorb-' + l} label=${cap(l)} action=${{ type: 'absorb', seat, location: l }} ctx=${ctx} />`)}
        <${Act} id="absorb-none" label="Keep the hull ready" action=${{ type: 'absorb', seat, location: '' }} ctx=${ctx} /></div></div>`);
    } else if (n.kind === 'hooks') {
      out.push(html`<${Hooks} key=${k} who=${who} faces=${((b.battle && b.battle.contestFaces) || [])[n.side] || []} seat=${seat} ctx=${ctx} />`);
    }
  }
  // Special ammunition: the side whose success faces the enemy is about
  // to place may spend chain-shot or grapeshot instead.
  const bt = b.battle;
  if (bt && bt.stage === 'choose') {
    for (const n of b.need || []) {
      const shooter = 1 - n.side;
      const seat = b.seats[shooter];
      if (seat < 0 || !mine(seat)) continue;
      const ws = (view.players[seat].weapons || []).filter((w) => w === 'chain-shot' || w === 'grapeshot');
      if (ws.length) {
        out.push(html`<div key=${'ammo' + shooter} class="mm-group" id="mm-ammo"><p>${view.players[seat].name}: spend special ammunition on these hits?</p><div class="row">
          ${ws.map((w) => html`<${Act} key=${w} id=${'weapon-' + w} label=${'Fire ' + words(w)} action=${{ type: 'use-weapon', seat, weapon: w }} ctx=${ctx} />`)}</div></div>`);
      }
    }
  }
  if (out.length) return html`<div id="mm-act" class="mm-act">${out}</div>`;
  // Nothing for this screen: say whom the battle waits for ("the other
  // side" left a player guessing whether it was them).
  const waiting = [...new Set((b.need || []).map((n) => (b.seats[n.side] >= 0 ? b.seats[n.side] : b.controller)).filter((s) => s !== undefined && s >= 0 && view.players[s]))];
  return html`<p class="muted" id="mm-battle-wait">${waiting.length ? `The battle waits for ${names(view, waiting)}.` : 'The battle waits for the other side.'}</p>`;
}

/**
 * ChooseHits places n hits: tap locations (a location may take more than
 * one), then confirm.
 * @param {{who: string, n: number, seat: number, view: View, ctx: any}} props
 */
function ChooseHits({ who, n, seat, view, ctx }) {
  const [locs, setLocs] = useState(/** @type {string[]} */ ([]));
  if (n === 1) {
    return html`<div class="mm-group"><p>${who}: where does the hit land?</p><div class="row">
      ${view.locations.map((l) => html`<${Act} key=${l} id=${'hit-' + l} label=${cap(l)} action=${{ type: 'choose-hits', seat, locations: [l] }} ctx=${ctx} />`)}</div></div>`;
  }
  return html`<div class="mm-group"><p>${who}: place ${n} hits (${locs.length ? locs.map(cap).join(', ') : 'none yet'})</p><div class="row">
    ${view.locations.map((l) => html`<button key=${l} class="btn" data-act=${'hit-' + l} disabled=${locs.length >= n} onClick=${() => setLocs([...locs, l])}>${cap(l)}</button>`)}</div>
    <div class="row"><${Act} id="hits-go" cls="primary" label="These are the hits" disabled=${locs.length !== n} action=${() => ({ type: 'choose-hits', seat, locations: locs })} ctx=${ctx} done=${() => setLocs([])} />
      <button class="btn" disabled=${!locs.length} onClick=${() => setLocs([])}>Start again</button></div></div>`;
}

/**
 * Hooks: tap the contest dice the grappling hooks roll again, or none.
 * @param {{who: string, faces: string[], seat: number, ctx: any}} props
 */
function Hooks({ who, faces, seat, ctx }) {
  const [dice, setDice] = useState(/** @type {number[]} */ ([]));
  return html`<div class="mm-group" id="mm-hooks"><p>${who}: throw grappling hooks to roll contest dice again? Tap the dice.</p>
    <div class="row">${faces.map((f, i) => html`<button key=${i} class=${'btn' + (dice.includes(i) ? ' primary' : '')} data-die=${i}
      onClick=${() => setDice(dice.includes(i) ? dice.filter((x) => x !== i) : [...dice, i])}>${f}</button>`)}</div>
    <div class="row"><${Act} id="hooks-go" label=${dice.length ? `Roll ${dice.length} again` : 'No hooks'} action=${() => ({ type: 'grapple', seat, dice })} ctx=${ctx} done=${() => setDice([])} /></div></div>`;
}
