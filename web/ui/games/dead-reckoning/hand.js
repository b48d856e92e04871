// @ts-check
// The player's hand: the card picker of Dead Reckoning's Act panel (pp. 8,
// 13). With physical cards (the default) the companion does not know what a
// player holds: a card is named when it is played, picked from "a card from
// my hand" (the cards neither in play nor discarded, alike ones shown once);
// a player may let their phone keep their hand by entering the cards they
// hold, and the phone then offers exactly those. With a digital deal the
// phone shows the hand the companion dealt.
//
// Everything picked or typed here is this component's own state: another
// screen acting redraws the panel without dropping a pick or a half-entered
// hand (it is dropped only when the cards are no longer offered).

import { html, useState } from '../../js/view.js';
import { errorText } from '../../js/ui.js';
import * as dr from './common.js';

/**
 * @typedef {import('./types.gen.js').DRCardView} Card
 * @typedef {{ key: string, ids: string[], label: string, sub: string }} Group
 */

/** look is what tells two cards apart at the table. */
const look = (/** @type {Card} */ c) => [c.kind, c.level || 1, c.top && c.top.id, c.middle && c.middle.id, c.bottom && c.bottom.id].join('|');

/**
 * describe names a card as players read it: the sailor and what shows on it.
 * @param {any} view
 * @param {Card} c
 */
function describe(view, c) {
  const advs = view.advancements || {};
  const sleeved = [c.top, c.middle, c.bottom].filter(Boolean).map((a) => (advs[a.id] ? advs[a.id].name : 'an advancement'));
  const icons = [c.sails ? `${c.sails} sail` : '', c.cannons ? `${c.cannons} cannon` : '', c.wheels ? `${c.wheels} wheel` : ''].filter(Boolean);
  return [`level ${c.level || 1}`, ...icons, ...sleeved].join(' · ');
}

/**
 * groups lists cards by look, in the view's order: alike cards are one
 * choice, standing for any of them.
 * @param {any} view
 * @param {Card[]} cards
 * @returns {Group[]}
 */
function groups(view, cards) {
  /** @type {Map<string, Group>} */
  const out = new Map();
  for (const c of cards) {
    const k = look(c);
    const g = out.get(k);
    if (g) g.ids.push(c.id);
    else out.set(k, { key: k, ids: [c.id], label: dr.cardName({ id: c.kind, kind: c.kind }), sub: describe(view, c) });
  }
  return [...out.values()];
}

/**
 * handChoices are the cards a screen offers to play for a seat: the known
 * hand (the player's own phone), and while some cards in hand are not named
 * there, the cards that may be among them. A screen that cannot see the hand
 * (the tablet) offers every card that may be in it: the player shows one.
 * Also meant to pick a defence's cards.
 * @param {any} view
 * @param {number} seat
 * @param {boolean} own the screen is the player's own phone
 * @returns {{ known: Group[], unnamed: number, maybe: Group[] }}
 */
export function handChoices(view, seat, own) {
  const me = /** @type {any} */ (dr.player(view, seat) || {});
  /** @type {Card[]} */
  const hand = me.hand || [];
  if (!view.physicalCards) {
    // The hand the companion dealt: each card on its own ("Crew 2").
    if (hand.length) return { known: hand.map((c) => ({ key: c.id, ids: [c.id], label: dr.cardName(c), sub: describe(view, c) })), unnamed: 0, maybe: [] };
    // The shared tablet does not see a dealt hand: any card not in play.
    const inplay = new Set(dr.inPlay(me).map((c) => c.id));
    const ids = dr.deckIds().filter((id) => !inplay.has(id));
    return { known: [], unnamed: me.handCount || 0, maybe: ids.map((id) => ({ key: id, ids: [id], label: dr.cardName({ id }), sub: '' })) };
  }
  if (!own) {
    const n = me.handCount || 0;
    return { known: [], unnamed: n, maybe: n > 0 ? groups(view, me.unseen || []) : [] };
  }
  const named = new Set(hand.map((c) => c.id));
  const unnamed = Math.max(0, (me.handCount || 0) - hand.length);
  /** @type {Card[]} */
  const unseen = (me.unseen || []).filter((c) => !named.has(c.id));
  return { known: groups(view, hand), unnamed, maybe: unnamed > 0 ? groups(view, unseen) : [] };
}

/**
 * Hand is the card picker: the hand's cards (and "a card from my hand") to
 * play or level up, and on a player's own phone with physical cards the
 * form that lets the phone keep their hand.
 * @param {{view: import('./types.gen.js').DRView, ctx: any, seat: number}} props
 */
export function Hand({ view, ctx, seat }) {
  const [card, setCard] = useState('');
  const [refused, setRefused] = useState(/** @type {any} */ (null));
  const [entering, setEntering] = useState(false);
  const [entered, setEntered] = useState(/** @type {string[]} */ ([]));
  const me = /** @type {any} */ (dr.player(view, seat) || {});
  const own = ctx.seat === seat && seat >= 0;
  const { known, unnamed, maybe } = handChoices(view, seat, own);
  const all = [...known, ...maybe];
  const picked = all.some((g) => g.ids[0] === card) ? card : '';

  // A refusal is shown here, beside the buttons the player tapped (the
  // shell's banner may be out of sight on a phone); tapping again clears it.
  const go = (/** @type {any} */ a, /** @type {() => void} */ done) => {
    if (ctx.readOnly) return;
    setRefused(null);
    ctx.submit({ seat, ...a }, { shown: true }).then(done, (/** @type {any} */ e) => setRefused(e));
  };
  const opt = (/** @type {Group} */ g, /** @type {string} */ cls) => html`<button key=${g.key} type="button" class=${'opt ' + cls} data-card=${g.ids[0]}
      aria-pressed=${String(g.ids[0] === picked)} onClick=${() => setCard(g.ids[0])}>
      <span class="olabel">${g.label}${g.ids.length > 1 ? ` ×${g.ids.length}` : ''}</span>${g.sub ? html`<span class="osub">${g.sub}</span>` : null}
    </button>`;

  // Entering the hand on the player's own phone: each tap names one more
  // card of a kind, up to the cards not named yet.
  const keep = own && view.physicalCards && unnamed > 0 && (entering || me.keepsHand);
  const left = maybe.map((g) => ({ ...g, ids: g.ids.filter((id) => !entered.includes(id)) }));
  const enteredNames = maybe.flatMap((g) => g.ids.filter((id) => entered.includes(id)).map(() => g.label));
  const enteredOK = entered.filter((id) => maybe.some((g) => g.ids.includes(id)));

  const handNote = !view.physicalCards
    ? (known.length ? 'Your hand:' : 'The tablet cannot see the hand: tap the card the player shows.')
    : own
      ? (known.length ? 'The cards your phone keeps:' : 'Tap the card you play from your hand.')
      : `Tap the card ${me.name || 'the player'} plays from their hand.`;
  const count = view.physicalCards || !known.length ? `${dr.plural(me.handCount ?? 0, 'card')} in hand` : `${dr.plural(known.length, 'card')} in hand`;

  return html`<section class="fpanel flat cardpick" id="f-card">
    <div class="ftitle">Play or level up a card<span class="fsub"> · ${count}</span></div>
    <div class="fbody">
      <p class="fnote muted">${handNote}</p>
      ${known.length ? html`<div class="choice cards" role="group" aria-label="cards in hand" id="hand-known">${known.map((g) => opt(g, 'known'))}</div>` : null}
      ${maybe.length && !(keep && !me.keepsHand) ? html`
        ${view.physicalCards ? html`<p class="fnote muted" id="hand-maybe-title">${own ? (known.length ? `A card from my hand (${dr.plural(unnamed, 'card')} not entered):` : 'A card from my hand:') : `A card from ${me.name || 'the player'}’s hand:`}</p>` : null}
        <div class="choice cards" role="group" aria-label="a card from the hand" id="hand-maybe">${maybe.map((g) => opt(g, 'maybe'))}</div>` : null}
      ${view.physicalCards && !me.handCount ? html`<p class="fnote muted" id="hand-empty">The hand is empty.</p>` : null}
      ${all.length ? html`<div class="choice">
        <button class="btn primary" id="act-play" disabled=${!picked} onClick=${() => go({ type: 'play-card', card: picked }, () => setCard(''))}>Play it</button>
        <button class="btn" id="act-level" disabled=${!picked} onClick=${() => go({ type: 'level-up', card: picked }, () => setCard(''))}>Level it up</button>
      </div>` : null}
      ${refused && !keep ? html`<p class="fnote warn refusal" role="alert">${errorText(refused)}</p>` : null}
      ${own && view.physicalCards && unnamed > 0 && !keep ? html`<button class="btn" id="keep-hand" onClick=${() => { setEntered([]); setEntering(true); }}>Let my phone keep my hand</button>` : null}
      ${keep ? html`<fieldset class="keephand" id="keep-form">
        <legend>${me.keepsHand ? `Enter the ${dr.plural(unnamed, 'card')} you drew` : `Enter the ${dr.plural(unnamed, 'card')} in your hand`}</legend>
        <p class="fnote muted">Only this phone sees them; the rules then check each card you play.</p>
        <div class="choice cards" role="group" aria-label="cards to enter" id="keep-cards">
          ${left.map((g) => html`<button key=${g.key} type="button" class="opt" data-keep=${g.key} disabled=${!g.ids.length || enteredOK.length >= unnamed}
              onClick=${() => setEntered([...enteredOK, g.ids[0]])}>
            <span class="olabel">${g.label}${g.ids.length > 1 ? ` ×${g.ids.length}` : ''}</span>${g.sub ? html`<span class="osub">${g.sub}</span>` : null}
          </button>`)}
        </div>
        <p id="keep-chosen">${enteredNames.length ? `Entered: ${enteredNames.join(', ')}` : 'Tap each card you hold.'}</p>
        <div class="choice">
          <button class="btn primary" id="keep-go" disabled=${!enteredOK.length}
            onClick=${() => go({ type: 'name-hand', cards: enteredOK }, () => { setEntered([]); setEntering(false); })}>Keep ${dr.plural(enteredOK.length, 'card')}</button>
          <button class="btn" id="keep-clear" disabled=${!enteredOK.length} onClick=${() => setEntered([])}>Start again</button>
          ${me.keepsHand ? null : html`<button class="btn" id="keep-cancel" onClick=${() => { setEntered([]); setEntering(false); setRefused(null); }}>Not now</button>`}
        </div>
        ${refused ? html`<p class="fnote warn refusal" role="alert">${errorText(refused)}</p>` : null}
      </fieldset>` : null}
      <p class="fnote muted">Level up one card in hand between your turns, not during your own (p. 13).</p>
    </div>
  </section>`;
}
