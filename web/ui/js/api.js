// @ts-check
// api.js: the JSON API and the secrets this device keeps.
//
// The tablet that creates a table keeps its host token and the players' PINs
// in localStorage (it is the table's own screen); a phone keeps its PIN in
// sessionStorage only, so closing the tab forgets it.

const HOST_KEY = (id) => `qm.host.${id}`;
const PIN_KEY = (id) => `qm.pin.${id}`;

export const secrets = {
  host(id) {
    try { return JSON.parse(localStorage.getItem(HOST_KEY(id)) || 'null'); } catch { return null; }
  },
  setHost(id, token, pins) {
    localStorage.setItem(HOST_KEY(id), JSON.stringify({ token, pins }));
  },
  pin(id) { return sessionStorage.getItem(PIN_KEY(id)) || ''; },
  setPin(id, pin) { sessionStorage.setItem(PIN_KEY(id), pin); },
  forgetPin(id) { sessionStorage.removeItem(PIN_KEY(id)); },
};

// ApiError carries what the server said: status, stable code, rulebook page
// and a sentence for the players.
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `the server answered ${status}`);
    this.status = status;
    this.code = (body && body.code) || 'http';
    this.page = (body && body.page) || 0;
    this.section = (body && body.section) || '';
  }
}

// auth returns the headers for a table: the PIN for a phone's private view,
// else the host token if this device holds it, else nothing (public).
export function auth(id, as) {
  const h = {};
  if (!id) return h;
  if (as === 'player') {
    const p = secrets.pin(id);
    if (p) h['X-PIN'] = p;
    return h;
  }
  const host = secrets.host(id);
  if (host && host.token && as !== 'public') h['Authorization'] = 'Bearer ' + host.token;
  return h;
}

/**
 * call sends one request to the table's server and returns its JSON.
 * @param {string} method
 * @param {string} path
 * @param {{body?: any, table?: string, as?: string, raw?: boolean, noSocket?: boolean}} [opts] noSocket: post even an action (the socket went away)
 * @returns {Promise<any>}
 */
export async function call(method, path, { body, table, as, raw, noSocket } = {}) {
  // An action goes on the table's live socket when it is open: no HTTP
  // request per action (the answer and the refusals are the same).
  const route = !noSocket && table && method === 'POST' && body !== undefined && path === `/api/tables/${encodeURIComponent(table)}/actions` && socketRoutes.get(table);
  if (route && route.as === as) {
    const sent = route.act(typeof body === 'string' ? JSON.parse(body) : body);
    if (sent) return sent;
  }
  const headers = { ...auth(table, as) };
  const opts = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    opts.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    throw new ApiError(0, { code: 'offline', message: 'the table’s server cannot be reached; check the Wi-Fi' });
  }
  if (raw && res.ok) return res;
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { message: text }; }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/** @type {Map<string, {as: string|undefined, act: (body: any) => Promise<any>|null}>} */
const socketRoutes = new Map();

/**
 * routeActions sends the table's actions, made as `as`, through act (the
 * live socket's) while it answers; act returns null when its socket is not
 * open, and the action is posted instead. The returned function undoes it.
 * @param {string} table
 * @param {string|undefined} as
 * @param {(body: any) => Promise<any>|null} act
 * @returns {() => void}
 */
export function routeActions(table, as, act) {
  const r = { as, act };
  socketRoutes.set(table, r);
  return () => { if (socketRoutes.get(table) === r) socketRoutes.delete(table); };
}

// newKey makes an idempotency key, so a retried tap is never applied twice.
export function newKey() {
  const a = new Uint8Array(9);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------- the games the server plays ----------
//
// GET /api/rules says which games the server plays, each with its form,
// colours and screen module (the kit); the shell asks nothing else.

/** @typedef {import('./types.gen.js').RulesInfo} Game */

/** @type {Promise<Game[]>|null} */
let rulesCache = null;

/**
 * rulesList returns the games this server plays (asked once per page).
 * @returns {Promise<Game[]>}
 */
export function rulesList() {
  if (!rulesCache) rulesCache = call('GET', '/api/rules').catch((e) => { rulesCache = null; throw e; });
  return rulesCache;
}

/** @type {Map<string, Promise<any>>} */
const modules = new Map();

/**
 * gameModule loads the screen module of a game (null when it has none).
 * @param {string} rules
 * @param {string} [path] the module's path from /api/rules ("" when none)
 * @returns {Promise<any>}
 */
export function gameModule(rules, path) {
  if (path === '') return Promise.resolve(null);
  const url = path || `/games/${encodeURIComponent(rules)}/index.js`;
  if (!modules.has(url)) modules.set(url, import(url).catch(() => null));
  return modules.get(url);
}

/**
 * helpNotes asks a game's rules-help notes matching q (all with no q).
 * @param {Game} info one entry of rulesList()
 * @param {string} q
 * @returns {Promise<Array<import('./types.gen.js').HelpNote & {pages?: number[]}>>}
 */
export function helpNotes(info, q) {
  return call('GET', `/api/rules/${encodeURIComponent(info.rules)}/help?q=` + encodeURIComponent(q || ''));
}
