// @ts-check
// camera.js: the page's one connection to the camera's live picture.
//
// An MJPEG <img> is a connection for as long as it exists; a page that made
// a new one on every redraw opened one more stream per update until the
// tablet stopped answering. Here the <img> is made once, the first time a
// part of the page asks for the picture, and moved into whichever slot is on
// the page now (or parked, hidden, when none is): never re-created.

/** @type {HTMLImageElement|null} */
let img = null;
/** @type {HTMLDivElement|null} */
let park = null;

/**
 * cameraSlot returns an empty element where the live picture goes; a game
 * module puts it where its picture belongs. The shell fills it after every
 * render.
 * @returns {HTMLDivElement}
 */
export function cameraSlot() {
  const d = document.createElement('div');
  d.className = 'camera-slot';
  return d;
}

/** placeCamera moves the page's picture into the slot on the page, if any. */
export function placeCamera() {
  const slot = document.querySelector('.camera-slot');
  if (!slot) {
    if (img && (!img.isConnected || !img.parentElement || !img.parentElement.classList.contains('camera-park'))) {
      if (!park) { park = document.createElement('div'); park.className = 'camera-park'; park.hidden = true; }
      if (!park.isConnected) document.body.append(park);
      park.append(img);
    }
    return;
  }
  if (!img) {
    img = document.createElement('img');
    img.className = 'camera';
    img.alt = 'the battle board, live';
    img.src = '/api/camera.mjpg';
  }
  if (img.parentElement !== slot) slot.append(img);
}
