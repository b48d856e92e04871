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

import { html } from '../../js/view.js';

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
.mm-act button { min-height: 48px; }
.mm-act .row { flex-wrap: wrap; }
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
  return html`<div class="mm" id="mm">
    ${me ? html`<${Secrets} p=${me} view=${view} />` : null}
    ${view.battle ? html`<${Battle} view=${view} ctx=${ctx} />` : null}
    ${view.pending ? html`<${Pending} view=${view} />` : null}
    <${Rolls} view=${view} />
    <section id="mm-status">
      <p>${view.stage === 'setup' ? 'Each player picks their first ship in secret.'
        : view.stage === 'over' ? `The game is over${view.winners && view.winners.length ? ': ' + view.winners.map((s) => view.players[s].name).join(' and ') + ' won' : ''}.`
          : `Round ${view.round}. ${view.players[view.active] ? view.players[view.active].name : ''} has ${view.turn.actionsLeft} action${view.turn.actionsLeft === 1 ? '' : 's'} left.`}</p>
      <p id="mm-track">Merchant track: ${view.merchantTrack} merchant${view.merchantTrack === 1 ? '' : 's'} waiting.
        ${view.wars && view.wars.length ? ` At war: ${view.wars.join(', ')}.` : ''}</p>
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

/** @param {{z: Zone, view: View, ctx: any}} props */
function ZoneBox({ z, view, ctx }) {
  const me = ctx.seat >= 0 ? view.players[ctx.seat] : null;
  const npcs = (view.npcs || []).filter((n) => n.zone === z.id);
  return html`<div class=${'zone' + (me && me.zone === z.id ? ' here' : '')} data-zone=${z.id}>
    <h3>${z.name}</h3>
    ${z.port ? html`<div class="port">Port: ${z.port}${z.nation ? ` (${z.nation})` : ''}</div>` : html`<div class="muted">Open sea</div>`}
    ${z.demand ? html`<div>Demand: ${z.demand}</div>` : null}
    ${z.mod ? html`<div>Modification: ${z.mod === 'facedown' ? 'face down' : z.mod}</div>` : null}
    ${z.merchant ? html`<div class="merchant">A merchant ship</div>` : null}
    <div class="ships">
      ${(z.atSea || []).map((s) => html`<span key=${'s' + s} class="ship" style=${'--c:' + ctx.colour(view.players[s].colour)}>${view.players[s].name} at sea</span>`)}
      ${(z.inPort || []).map((s) => html`<span key=${'p' + s} class="ship" style=${'--c:' + ctx.colour(view.players[s].colour)}>${view.players[s].name} in port</span>`)}
      ${npcs.map((n) => html`<span key=${n.kind} class="ship npc">${n.kind}${n.entering ? ' (entering)' : ''}</span>`)}
    </div>
    <div class="muted">Borders: ${z.adjacent.map((a) => zoneName(view, a)).join(', ')}</div>
  </div>`;
}

/** @param {{p: Player, view: View, ctx: any}} props */
function PlayerBox({ p, view, ctx }) {
  const c = p.captain;
  const s = p.ship;
  return html`<div class=${'player' + (view.stage === 'play' && view.active === p.seat ? ' active' : '')} data-seat=${p.seat} style=${'--c:' + ctx.colour(p.colour)}>
    <h3>${p.name}${p.pirate ? ' · pirate' : ''}</h3>
    ${c ? html`<div>Captain ${c.name} (${c.nation}) · SEAMANSHIP ${c.seamanship} · SCOUTING ${c.scouting} · LEADERSHIP ${c.leadership} · INFLUENCE ${c.influence}</div>`
      : p.needCaptain ? html`<div class="warn">Needs a new captain</div>` : null}
    ${s ? html`<div>${s.name}: ${view.locations.map((l) => `${l} ${s.locations[l] ?? 0}/${s.max[l] ?? 0}`).join(' · ')} · MANEUVERABILITY ${s.maneuverability}</div>` : null}
    ${s && s.mods && s.mods.length ? html`<div>Modifications: ${s.mods.join(', ')}</div>` : null}
    ${p.weapons && p.weapons.length ? html`<div>Special weapons: ${p.weapons.join(', ')}</div>` : null}
    <div>${p.zone ? (p.inPort ? 'In port at ' : 'At sea in ') + zoneName(view, p.zone) : ''}</div>
    <div>Gold ${p.gold} · Glory ${p.glory} · cargo cards ${p.cargoCount} · glory cards ${p.gloryCardCount}${p.hasStashed ? ' · has a stash' : ''}${p.hasRumor ? ' · holds a rumor' : ''}</div>
    ${p.bounties && Object.keys(p.bounties).length ? html`<div>Bounties: ${Object.entries(p.bounties).map(([n, v]) => `${n} ${v}`).join(', ')}</div>` : null}
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
    <p>Cargo: ${p.cargo && p.cargo.length ? p.cargo.map((c) => `${c.good} (PLUNDER ${c.plunder})`).join(', ') : 'none'}</p>
    <p>Glory cards: ${p.gloryCards && p.gloryCards.length ? p.gloryCards.map((g) => g.name).join(', ') : 'none'}</p>
    ${p.rumor ? html`<p>Rumor: ${p.rumor.name}</p>` : null}
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
  return html`<section id="mm-rolls">
    ${need.map((r) => html`<p key=${r.id} class="warn">Roll for: ${r.purpose} · ${r.dice.length} di${r.dice.length === 1 ? 'e' : 'ce'}${r.seat >= 0 && view.players[r.seat] ? ` (${view.players[r.seat].name})` : ''}</p>`)}
    ${last ? html`<p class="faces" id="mm-last-roll">Last roll (${last.request.purpose}): ${last.faces.map((f, i) => html`<span key=${i}>${f}</span>`)}
      <span class="muted"> success face: ${view.dice.success}</span></p>` : null}
  </section>`;
}

/** @param {{view: View}} props */
function Pending({ view }) {
  const pd = view.pending;
  if (!pd) return null;
  const who = view.players[pd.seat] ? view.players[pd.seat].name : '';
  return html`<section id="mm-pending"><p><strong>${who}</strong>: ${pd.kind}${pd.npc ? ' · ' + pd.npc : ''}
    ${pd.raid && pd.raid.length ? ` · the raid's cargo: ${pd.raid.map((c) => c.good).join(', ')}` : ''}
    ${pd.successes ? ` · ${pd.successes} success${pd.successes === 1 ? '' : 'es'}` : ''}</p></section>`;
}

/** @param {{view: View, ctx: any}} props */
function Battle({ view }) {
  const b = view.battle;
  if (!b) return null;
  const side = (i) => (b.seats[i] >= 0 && view.players[b.seats[i]] ? view.players[b.seats[i]].name : b.npc || 'the NPC');
  const bt = b.battle;
  return html`<section class="battle" id="mm-battle">
    <h2>Sea battle: ${side(0)} against ${side(1)}</h2>
    ${bt ? html`<p>Stage: ${bt.stage}, round ${bt.round}${bt.result ? ' · ' + bt.result : ''}</p>
      <table class="battle-ships"><tbody>${(bt.ships || []).map((sh, i) => html`<tr key=${i} data-side=${i}><th>${side(i)}</th>
        <td>${view.locations.map((l) => `${l} ${sh[l] ?? 0}`).join(' · ')}</td></tr>`)}</tbody></table>
      ${(bt.contestFaces || []).some((f) => f && f.length) ? html`<p class="faces">Seamanship contest: ${[0, 1].map((i) => html`<span key=${i}>${side(i)}: ${(bt.contestFaces[i] || []).join(' ')}</span>`)}</p>` : null}
      ${(bt.hitFaces || []).some((f) => f && f.length) ? html`<p class="faces">Shots: ${[0, 1].map((i) => html`<span key=${i}>${side(i)}: ${(bt.hitFaces[i] || []).join(' ')}</span>`)}</p>` : null}
      ${(bt.log || []).length ? html`<ul>${bt.log.map((l, i) => html`<li key=${i}>${l}</li>`)}</ul>` : null}` : null}
    ${(b.need || []).map((n, i) => html`<p key=${i} class="warn">${side(n.side)}: ${n.kind === 'declare' ? 'declare shoot, board or flee' : n.kind === 'choose' ? `choose ${n.choose} hit location${n.choose === 1 ? '' : 's'}` : `roll ${n.dice || ''} dice (${n.kind})`}</p>`)}
  </section>`;
}

/**
 * Actions is what this screen may do now: on a phone, its player's; on the
 * tablet, the active player's. Rolls are the shell's.
 * @param {{view: View, ctx: any}} props
 */
export function Actions({ view, ctx }) {
  const act = (a) => ctx.submit(a).catch(() => {});
  if (view.stage === 'setup') {
    const seats = ctx.seat >= 0 ? [ctx.seat] : [];
    if (!seats.length) return html`<p class="muted">Each player picks their first ship on their phone, in secret.</p>`;
    const p = view.players[ctx.seat];
    if (p.ship) return html`<p class="muted">You have picked your ship; waiting for the others.</p>`;
    return html`<div class="mm-act"><p>Pick your first ship (secret):</p><div class="row">
      ${['sloop', 'flute'].map((s) => html`<button key=${s} class="big" data-act=${'ship-' + s} onClick=${() => act({ type: 'choose-ship', seat: ctx.seat, ship: s })}>${s}</button>`)}
    </div></div>`;
  }
  if (view.stage !== 'play') return null;
  // The tablet acts for anyone; a phone only for its own seat.
  const mine = (s) => ctx.seat < 0 || ctx.seat === s;
  if ((view.need || []).length) return html`<p class="muted">Roll first: the table waits for the dice (above).</p>`;
  if (view.battle) return html`<${BattleActs} view=${view} mine=${mine} act=${act} />`;
  if (view.pending) return html`<${PendingActs} view=${view} mine=${mine} act=${act} />`;
  const seat = ctx.seat >= 0 ? ctx.seat : view.active;
  const p = view.players[seat];
  if (!p) return null;
  if (seat !== view.active) return html`<p class="muted">${view.players[view.active].name} plays now.</p>`;
  const z = view.zones.find((x) => x.id === p.zone);
  const others = z ? (z.atSea || []).filter((s) => s !== seat) : [];
  return html`<div class="mm-act" id="mm-act">
    <p>${ctx.seat >= 0 ? 'Your turn' : p.name + '’s turn'}: ${view.turn.actionsLeft} action${view.turn.actionsLeft === 1 ? '' : 's'} left.</p>
    ${z && !p.inPort ? html`<p>Sail to:</p><div class="row">${z.adjacent.map((a) => html`<button key=${a} class="btn" data-act=${'move-' + a} onClick=${() => act({ type: 'move', seat, to: a })}>${zoneName(view, a)}</button>`)}</div>` : null}
    <div class="row">
      ${z && z.port && !p.inPort ? html`<button class="btn" data-act="enter-port" onClick=${() => act({ type: 'enter-port', seat })}>Enter ${z.port}</button>` : null}
      ${p.inPort && !view.turn.portUsed ? html`<button class="btn" data-act="port" onClick=${() => act({ type: 'port', seat })}>Visit the port (action)</button>` : null}
      ${p.inPort && view.turn.portOpen ? html`<button class="btn" data-act="end-port" onClick=${() => act({ type: 'end-port', seat })}>Done in port</button>` : null}
      ${p.inPort ? html`<button class="btn" data-act="leave-port" onClick=${() => act({ type: 'leave-port', seat })}>Leave port</button>` : null}
      ${z && z.merchant && !p.inPort ? html`<button class="btn" data-act="scout-merchant" onClick=${() => act({ type: 'scout', seat, target: 'merchant' })}>Scout for the merchant</button>` : null}
      ${others.map((s) => html`<button key=${s} class="btn" data-act=${'scout-' + s} onClick=${() => act({ type: 'scout', seat, target: 'player', targetSeat: s })}>Scout for ${view.players[s].name}</button>`)}
      <button class="btn" data-act="end-turn" onClick=${() => act({ type: 'end-turn', seat })}>End the turn</button>
    </div>
  </div>`;
}

/**
 * PendingActs answers what the game waits for from one player: a merchant
 * found (raid it or let it go), a raid's draws and its end.
 * @param {{view: View, mine: (s: number) => boolean, act: (a: any) => void}} props
 */
function PendingActs({ view, mine, act }) {
  const pd = view.pending;
  if (!pd) return null;
  const seat = pd.seat;
  const who = view.players[seat] ? view.players[seat].name : '';
  if (!mine(seat)) return html`<p class="muted">${who} decides now.</p>`;
  switch (pd.kind) {
    case 'merchant':
      return html`<div class="mm-act" id="mm-act"><p>${who} found a ${pd.token} merchant.</p><div class="row">
        <button class="btn primary" data-act="raid" onClick=${() => act({ type: 'merchant', seat, nation: pd.token, raid: true })}>Raid it (${pd.token})</button>
        ${pd.zoneNation && pd.zoneNation !== pd.token ? html`<button class="btn" data-act="raid-zone" onClick=${() => act({ type: 'merchant', seat, nation: pd.zoneNation, raid: true })}>Raid it as ${pd.zoneNation}</button>` : null}
        <button class="btn" data-act="let-go" onClick=${() => act({ type: 'merchant', seat, raid: false })}>Let it sail away</button>
      </div></div>`;
    case 'raid': {
      const cards = pd.raid || [];
      return html`<div class="mm-act" id="mm-act"><p>The raid: ${cards.map((c) => c.good).join(', ') || 'no cards'}; ${pd.successes || 0} success${pd.successes === 1 ? '' : 'es'} to spend.</p><div class="row">
        <button class="btn" data-act="raid-draw" onClick=${() => act({ type: 'raid', seat, op: 'draw' })}>Draw a card (one success)</button>
        <button class="btn primary" data-act="raid-end-keep" onClick=${() => act({ type: 'raid', seat, op: 'end', keep: cards.map((c) => c.id) })}>End the raid, keep the cards</button>
        <button class="btn" data-act="raid-end" onClick=${() => act({ type: 'raid', seat, op: 'end', keep: [] })}>End the raid, keep none</button>
      </div></div>`;
    }
    default:
      return html`<p class="muted">${who}: ${pd.kind}. Settle it at the table.</p>`;
  }
}

/**
 * BattleActs offers a battle's declarations and hit locations to the side
 * that must act (rolls are the shell's).
 * @param {{view: View, mine: (s: number) => boolean, act: (a: any) => void}} props
 */
function BattleActs({ view, mine, act }) {
  const b = view.battle;
  if (!b) return null;
  const out = [];
  for (const n of b.need || []) {
    const seat = b.seats[n.side];
    if (seat < 0 || !mine(seat)) continue;
    const who = view.players[seat].name;
    if (n.kind === 'declare') {
      out.push(html`<div key=${'d' + seat} class="mm-act"><p>${who}: shoot, board or flee?</p><div class="row">
        ${['shoot', 'board', 'flee'].map((c) => html`<button key=${c} class="btn" data-act=${'declare-' + c} data-seat=${seat} onClick=${() => act({ type: 'declare', seat, choice: c })}>${c}</button>`)}</div></div>`);
    } else if (n.kind === 'choose' && (n.choose || 0) === 1) {
      out.push(html`<div key=${'c' + seat} class="mm-act"><p>${who}: where does the hit land?</p><div class="row">
        ${view.locations.map((l) => html`<button key=${l} class="btn" data-act=${'hit-' + l} onClick=${() => act({ type: 'choose-hits', seat, locations: [l] })}>${l}</button>`)}</div></div>`);
    } else if (n.kind === 'choose') {
      out.push(html`<p key=${'m' + seat}>${who} chooses ${n.choose} hit locations at the table (not offered here yet).</p>`);
    }
  }
  return out.length ? html`<div id="mm-act">${out}</div>` : html`<p class="muted">The battle waits for the other side.</p>`;
}
