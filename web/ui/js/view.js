// @ts-check
// view.js: what the shell and the game modules render with. Preact diffs
// the page against the last render and keys list items, so an update from
// another screen changes only what changed: text being typed, an open form,
// the focus and the scroll position stay where the player left them.
//
// DomPart is the bridge for parts still built with the DOM helpers of ui.js
// (a module being ported): it builds its part only when its deps change, so
// an update that does not concern it (a phone connecting, a camera notice)
// leaves it, and whatever was typed in it, alone.

import { h, Fragment, render } from 'preact';
import { useState, useEffect, useLayoutEffect, useRef, useMemo, useCallback } from 'preact/hooks';
import htm from 'htm';
import { placeCamera } from './camera.js';
import { errorText } from './ui.js';

/** html is htm bound to Preact's h: html`<p class=${c}>${text}</p>`. */
export const html = htm.bind(h);

export { h, Fragment, render, useState, useEffect, useLayoutEffect, useRef, useMemo, useCallback };

/**
 * DomPart renders a part built by DOM code. build() returns the part's
 * element (rebuilt when a value of deps changes); mount(el) fills el itself
 * and may return a cleanup (called before the next mount and on unmount).
 * @param {{build?: () => (Node|null|undefined|''), mount?: (el: HTMLElement) => (void|(() => void)), deps: any[], tag?: string, id?: string, class?: string}} props
 */
export function DomPart({ build, mount, deps, tag = 'div', ...rest }) {
  const ref = useRef(/** @type {HTMLElement|null} */ (null));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    let cleanup;
    if (mount) cleanup = mount(el);
    else {
      const part = build ? build() : null;
      el.replaceChildren(...(part ? [part] : []));
    }
    // A rebuilt part may hold the camera's slot: the page's one stream moves in.
    placeCamera();
    return () => { if (typeof cleanup === 'function') cleanup(); };
  }, deps);
  return h(tag, { ref, class: 'dompart', ...rest });
}

/**
 * ErrorBox is the banner for a refused action: what the rule says and where.
 * With onDismiss it has a button to put it away: a refusal stays until the
 * player has read it (or acts again), whatever other screens do meanwhile.
 * @param {{err: any, onDismiss?: () => void}} props
 */
export function ErrorBox({ err, onDismiss }) {
  if (!err) return null;
  const ruled = err.status === 422;
  return html`<div class=${'error' + (ruled ? ' rule' : '') + (onDismiss ? ' dismissable' : '')} role="alert" data-code=${err.code}>
    <strong>${ruled ? 'Not allowed: ' : 'Problem: '}</strong>${errorText(err)}
    ${onDismiss ? html`<button class="icon dismiss" title="Dismiss" aria-label="Dismiss this message" onClick=${onDismiss}>✕</button>` : null}
  </div>`;
}
