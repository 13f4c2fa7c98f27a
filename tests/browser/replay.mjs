// Drives senlac's HTML replay of Hastings in Debian's headless Chromium with
// real key presses, clicks and deep links, and checks after each that the
// page shows one step everywhere: the visible frame, the highlighted move,
// the detail (action, changes, comments), the slider and the counter.
//
//   node replay.mjs PAGE.html SAMPLE.sbn OUTDIR
//
// The expected action of step k is read from the log itself (the k-th action
// line of the main line), not from the page. Screenshots go to OUTDIR. Prints
// the page's size and load time (navigation start to the load event). Exits
// non-zero with what went wrong. tests/replay.rs runs it.

import { chromium } from 'playwright-core';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// `node replay.mjs --variation PAGE.html` checks a page whose log has one
// variation of two actions (tests/replay.rs writes it) instead;
// `node replay.mjs --overlay PAGE.html` a page with a zones-of-control
// overlay toggle (Hastings: 1066's), off at first.
// `node replay.mjs --layout PAGE.html OUTDIR` checks any page at a phone's,
// a tablet's and a desktop's size, with real touches, taps and keys.
const variation_mode = process.argv[2] === '--variation';
const overlay_mode = process.argv[2] === '--overlay';
const layout_mode = process.argv[2] === '--layout';
const one_page = variation_mode || overlay_mode;
const [page_path, sample_path, out_dir] = layout_mode
  ? [process.argv[3], '-', process.argv[4]]
  : process.argv.slice(one_page ? 3 : 2).concat(one_page ? ['-', '-'] : []);
if (!page_path || !sample_path || !out_dir) {
  console.error('usage: node replay.mjs PAGE.html SAMPLE.sbn OUTDIR');
  process.exit(2);
}
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const url = pathToFileURL(page_path).href;

// The main line's actions, from the log: lines under a phase heading, with
// comments removed; lines inside `( ... )` are variations and skipped.
function actions(text) {
  const out = [];
  let depth = 0;
  let in_turns = false;
  for (let line of text.split('\n')) {
    if (line.trimStart().startsWith(';')) continue;
    line = line.replace(/\{[^}]*\}/g, '');
    if (/^\d+\.\s/.test(line)) { in_turns = true; continue; }
    if (!in_turns) continue;
    const opens = (line.match(/\(/g) || []).length;
    const closes = (line.match(/\)/g) || []).length;
    const body = line.replace(/[()]/g, '').trim();
    if (depth === 0 && opens === 0 && body && !/^[a-z-]+:$/.test(body) && !/^\d+\./.test(body)) {
      out.push(body.replace(/\s+/g, ' '));
    }
    depth += opens - closes;
  }
  return out;
}

const expected = one_page || layout_mode ? [] : actions(readFileSync(sample_path, 'utf8'));
const failures = [];
function check(ok, what) {
  if (!ok) failures.push(what);
}

// Everything the page shows about the current step.
async function shown(page) {
  return page.evaluate(() => {
    const visible = Array.from(document.querySelectorAll('svg .frame')).filter(
      (g) => g.getAttribute('display') !== 'none' && getComputedStyle(g).display !== 'none',
    );
    const current = Array.from(document.querySelectorAll('#moves a.current'));
    const details = Array.from(document.querySelectorAll('.detail')).filter((d) => !d.hidden);
    const detail = details[0];
    const moves = document.getElementById('moves').getBoundingClientRect();
    const link = current[0] && current[0].getBoundingClientRect();
    return {
      frames: visible.map((g) => g.id),
      // Pieces the visible frame has not made real (the page loads each
      // frame's references when it is first shown).
      unloaded: visible.reduce((sum, g) => sum + g.querySelectorAll('use[data-href]').length, 0),
      pieces: visible.reduce((sum, g) => sum + g.querySelectorAll('use[href]').length, 0),
      current: current.map((a) => a.dataset.step),
      currentText: current[0] ? current[0].textContent : null,
      currentInView: !!link && link.top >= moves.top - 1 && link.bottom <= moves.bottom + 1,
      details: details.map((d) => d.dataset.step),
      action: detail && detail.querySelector('.action code') ? detail.querySelector('.action code').textContent : '',
      heading: detail ? detail.querySelector('h2').textContent : '',
      changes: detail ? Array.from(detail.querySelectorAll('ul li')).map((li) => li.textContent) : [],
      comments: detail ? Array.from(detail.querySelectorAll('blockquote')).map((b) => b.textContent) : [],
      slider: document.getElementById('slider').value,
      where: document.getElementById('where').textContent,
      hash: location.hash,
      total: document.querySelectorAll('svg .frame').length,
    };
  });
}

// Checks that the page shows step `n` everywhere, and returns what it shows.
async function at(page, n, what) {
  const s = await shown(page);
  const id = `frame-${n}`;
  check(s.frames.length === 1 && s.frames[0] === id, `${what}: visible frames ${JSON.stringify(s.frames)}, not [${id}]`);
  check(s.unloaded === 0 && s.pieces > 0, `${what}: the frame shows ${s.pieces} pieces and ${s.unloaded} not loaded`);
  check(s.current.length === 1 && s.current[0] === String(n), `${what}: current moves ${JSON.stringify(s.current)}, not [${n}]`);
  check(s.currentInView, `${what}: the current move is not scrolled into view`);
  check(s.details.length === 1 && s.details[0] === String(n), `${what}: visible details ${JSON.stringify(s.details)}, not [${n}]`);
  check(s.slider === String(n), `${what}: slider at ${s.slider}, not ${n}`);
  check(s.where.startsWith(`${n + 1} / `), `${what}: counter says ${s.where}`);
  if (n >= 1 && n <= expected.length) {
    check(s.action === expected[n - 1], `${what}: action ${JSON.stringify(s.action)}, the log's step ${n} is ${JSON.stringify(expected[n - 1])}`);
    check(s.currentText.endsWith(expected[n - 1]), `${what}: current move ${JSON.stringify(s.currentText)}, not ${JSON.stringify(expected[n - 1])}`);
  }
  return s;
}

async function hastings(page) {
  const total = (await shown(page)).total;
  check(total === expected.length + 2, `${total} frames for ${expected.length} actions (setup and end besides)`);
  const last = total - 1;

  await at(page, 0, 'on load');
  await page.keyboard.press('ArrowRight');
  let s = await at(page, 1, 'ArrowRight');
  check(s.heading === 'Turn 1 · Saxons · Movement', `ArrowRight: heading ${s.heading}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await at(page, 1, 'ArrowRight, ArrowLeft');
  await page.keyboard.press('End');
  s = await at(page, last, 'End');
  await page.screenshot({ path: join(out_dir, 'replay-end.png') });
  await page.keyboard.press('Home');
  await at(page, 0, 'Home');

  // A click on a move far down the list.
  await page.locator('#moves a[data-step="16"]').scrollIntoViewIfNeeded();
  await page.locator('#moves a[data-step="16"]').click();
  s = await at(page, 16, 'click on move 16');
  check(s.comments.includes('The Bretons stop short; the rest close up to the crest.'), `move 16: comments ${JSON.stringify(s.comments)}`);
  check(s.changes.includes('Normans III: moves 0507 → 0506'), `move 16: changes ${JSON.stringify(s.changes)}`);

  // The slider: a real click at three quarters of its width.
  const box = await page.locator('#slider').boundingBox();
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  s = await shown(page);
  const slid = Number(s.slider);
  check(Math.abs(slid / last - 0.75) < 0.08, `slider clicked at 3/4: step ${slid} of ${last}`);
  await at(page, slid, 'slider click');
  // Keys on the focused slider move one step, not two.
  await page.keyboard.press('ArrowRight');
  await at(page, Math.min(slid + 1, last), 'ArrowRight on the slider');

  // `?` toggles the help.
  const help = () => page.locator('#help').isVisible();
  check(!(await help()), 'help shown before `?`');
  await page.keyboard.press('?');
  check(await help(), '`?` did not show the help');
  await page.screenshot({ path: join(out_dir, 'replay-help.png') });
  await page.keyboard.press('?');
  check(!(await help()), 'a second `?` did not hide the help');

  // Space plays; Space again pauses.
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => Number(document.getElementById('slider').value) >= 2, null, { timeout: 10000 });
  await page.keyboard.press(' ');
  s = await shown(page);
  const paused = Number(s.slider);
  await page.waitForTimeout(1500);
  await at(page, paused, 'Space, Space (paused)');
}

async function deep_links(browser) {
  const links = [
    ['#step=40', 40, (s) => s.action === 'III+IV+V+VII engage'],
    ['#fig=finalCharge', 78, (s) => s.action === 'VII charge IX 0805-0704 > IX endure-charge' && s.changes.includes('Normans VII: moves 0805 → 0704')],
    ['#3.Normans.resolve', 25, (s) => s.heading === 'Turn 3 · Normans · Resolve' && s.changes.includes('Normans V: command points 4 → 3; damage 0 → 1')],
  ];
  for (const [hash, n, ok] of links) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(url + hash);
    const s = await at(page, n, hash);
    check(ok(s), `${hash}: ${JSON.stringify(s)}`);
    if (hash === '#fig=finalCharge') await terrain(page);
    await page.close();
  }
  // A point written but for case lands where its right form does; a link
  // that names nothing stays at the setup and says so, with the nearest.
  for (const [hash, step, said] of [
    ['#2.normans', '11', null],
    ['#2.Normons', '0', 'No step is called #2.Normons; did you mean #2.Normans?'],
    ['#bogus', '0', 'No step is called #bogus; a link is #step=N, #fig=NAME or a point such as #1.Saxons.'],
  ]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(url + hash);
    const r = await page.evaluate(() => ({ slider: document.getElementById('slider').value, notice: document.getElementById('notice').hidden ? null : document.getElementById('notice').textContent }));
    check(r.slider === step && r.notice === said, `${hash}: step ${r.slider}, notice ${JSON.stringify(r.notice)}`);
    await page.close();
  }
  // A link followed from inside the page (hashchange).
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(url);
  await page.evaluate(() => { location.hash = '#fig=finalCharge'; });
  await page.waitForFunction(() => document.getElementById('slider').value === '78');
  await at(page, 78, 'hash changed to #fig=finalCharge');
  await page.close();
}

// In a late step, the forest (0101-0210, the two left columns) is painted
// with its pattern's greens: a screenshot, decoded in the page's canvas.
async function terrain(page) {
  const shot = join(out_dir, 'replay-final-charge.png');
  const png = await page.screenshot({ path: shot });
  const box = await page.evaluate(() => {
    const forest = document.querySelector('svg path[fill="url(#forest)"]');
    if (!forest) return null;
    const r = forest.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  check(box !== null, 'no forest in the film');
  if (!box) return;
  // The first column's hexes: sample a band down the middle of it.
  const band = {
    x: Math.round(box.x + box.width * 0.2),
    y: Math.round(box.y + box.height * 0.1),
    width: Math.max(1, Math.round(box.width * 0.2)),
    height: Math.max(1, Math.round(box.height * 0.8)),
  };
  const counts = await page.evaluate(async ({ data, band }) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + data;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(band.x, band.y, band.width, band.height).data;
    const near = (i, [r, g, b]) => Math.abs(pixels[i] - r) + Math.abs(pixels[i + 1] - g) + Math.abs(pixels[i + 2] - b) < 24;
    let light = 0;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (near(i, [0xc6, 0xdc, 0xaa])) light += 1;
      if (near(i, [0x5a, 0x8c, 0x41]) || near(i, [0x4f, 0x82, 0x39])) dark += 1;
    }
    return { light, dark, all: pixels.length / 4 };
  }, { data: png.toString('base64'), band });
  check(
    counts.light > counts.all * 0.2 && counts.dark > counts.all * 0.05,
    `the forest is not painted at step 78: of ${counts.all} pixels in ${JSON.stringify(band)}, ${counts.light} light and ${counts.dark} dark green`,
  );
}

// The whole page fits 1280x720: no scrolling, the board and its legend
// inside the window.
async function fits(page) {
  const f = await page.evaluate(() => {
    const svg = document.querySelector('.board svg').getBoundingClientRect();
    const aside = document.querySelector('aside').getBoundingClientRect();
    // The legend is its own SVG beside the board, drawn at its own size:
    // its lowest text is its last row.
    const texts = Array.from(document.querySelectorAll('.legend svg text'));
    const lowest = texts.map((t) => t.getBoundingClientRect()).sort((a, b) => b.bottom - a.bottom)[0];
    const l = lowest || null;
    return {
      scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
      window: [innerWidth, innerHeight],
      svg: [svg.left, svg.top, svg.right, svg.bottom],
      aside: [aside.left, aside.right],
      legend: l && [l.left, l.top, l.right, l.bottom],
    };
  });
  const [w, h] = f.window;
  check(f.scroll[0] <= w && f.scroll[1] <= h, `the page scrolls at ${w}x${h}: ${JSON.stringify(f)}`);
  check(f.svg[2] <= f.aside[0] + 1 && f.svg[3] <= h + 1 && f.svg[0] >= 0 && f.svg[1] >= 0, `the board is not inside the window: ${JSON.stringify(f)}`);
  check(f.legend !== null, 'no legend text in the board');
  if (f.legend) {
    check(f.legend[3] <= h + 1 && f.legend[2] <= f.aside[0] + 1, `the legend is cut off: ${JSON.stringify(f)}`);
    // An 11 px font, unscaled: its line box is about 13 px.
    check(f.legend[3] - f.legend[1] >= 12, `the legend is too small to read: ${JSON.stringify(f)}`);
  }
}

// Navigation start to the load event of five loads, sorted.
async function load_time(browser) {
  const times = [];
  for (let i = 0; i < 5; i += 1) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(url, { waitUntil: 'load' });
    times.push(await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0];
      return n.loadEventEnd - n.startTime;
    }));
    await page.close();
  }
  times.sort((a, b) => a - b);
  return times;
}

// A variation: its moves stand under the action they replace; a click
// shows its frame, drawn from the state before that action, and the arrows
// walk its own line, back to the main line before it.
async function variation(page) {
  const links = await page.evaluate(() =>
    Array.from(document.querySelectorAll('#moves ol.variation a[data-step]')).map((a) => ({
      step: Number(a.dataset.step),
      under: Number(a.closest('li:not(ol.variation li)').querySelector('a').dataset.step),
    })),
  );
  check(links.length === 2, `variation moves ${JSON.stringify(links)}`);
  if (links.length !== 2) return;
  const [first, second] = links;
  const state = async (n, what) => {
    const s = await shown(page);
    check(s.frames.length === 1 && s.frames[0] === `frame-${n}`, `${what}: visible frames ${JSON.stringify(s.frames)}, not frame-${n}`);
    check(s.unloaded === 0 && s.pieces > 0, `${what}: the frame shows ${s.pieces} pieces and ${s.unloaded} not loaded`);
    check(s.current.length === 1 && s.current[0] === String(n), `${what}: current moves ${JSON.stringify(s.current)}`);
    check(s.details.length === 1 && s.details[0] === String(n), `${what}: details ${JSON.stringify(s.details)}`);
    check(s.currentInView, `${what}: the current move is not in view`);
    return s;
  };
  await page.locator(`#moves a[data-step="${first.step}"]`).click();
  let s = await state(first.step, 'click on the variation');
  check(s.changes.includes('Normans III: moves 0507 → 0506'), `variation step 1: changes ${JSON.stringify(s.changes)}`);
  check(s.where === 'var. 1 / 2' && s.slider === String(first.under), `variation step 1: counter ${s.where}, slider ${s.slider}`);
  await page.screenshot({ path: join(process.env.SHOTS || '/tmp', 'replay-variation.png') });
  await page.keyboard.press('ArrowRight');
  s = await state(second.step, 'ArrowRight in the variation');
  check(s.changes.includes('Normans IV: moves 0607 → 0606') && s.changes.length === 1, `variation step 2: changes ${JSON.stringify(s.changes)}`);
  await page.keyboard.press('ArrowRight');
  await state(second.step, 'ArrowRight at the variation\'s end');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  s = await state(first.under - 1, 'ArrowLeft before the variation');
  await page.keyboard.press('ArrowRight');
  await state(first.under, 'ArrowRight from there: the main line');
  // The main line's frame of the replaced action does not move III.
  await page.goto(page.url().replace(/#.*$/, '') + `#step=${second.step}`);
  await state(second.step, 'a deep link into the variation');
}

// The `zoc` overlay: hidden at first in the frame and the legend; its
// checkbox shows it, it stays shown as the steps go by (each frame's own
// zones), and unticked it hides again. Space on the box ticks it and does
// not play.
async function overlay(page) {
  const seen = () => page.evaluate(() => {
    const frame = Array.from(document.querySelectorAll('svg .frame')).find((g) => g.getAttribute('display') !== 'none');
    const uses = Array.from(frame.querySelectorAll('use.overlay-zoc'));
    const legend = Array.from(document.querySelectorAll('.legend g.overlay-zoc'));
    return {
      frame: frame.id,
      zones: uses.length,
      shown: uses.filter((u) => getComputedStyle(u).display !== 'none' && u.getBoundingClientRect().width > 0).length,
      legend: legend.filter((g) => getComputedStyle(g).display !== 'none').length,
      boxes: document.querySelectorAll('input[data-overlay]').length,
    };
  });
  let s = await seen();
  check(s.boxes === 1, `overlay checkboxes: ${s.boxes}`);
  // One zone a side.
  check(s.zones === 2 && s.shown === 0 && s.legend === 0, `before ticking: ${JSON.stringify(s)}`);
  const box = page.locator('input[data-overlay="overlay-zoc"]');
  await box.check();
  s = await seen();
  check(s.shown === 2 && s.legend === 2, `ticked: ${JSON.stringify(s)}`);
  await page.screenshot({ path: join(process.env.SHOTS || '/tmp', 'replay-zoc.png') });
  await page.keyboard.press('End');
  s = await seen();
  check(s.frame !== 'frame-0' && s.shown === 2 && s.legend === 2, `ticked, after End: ${JSON.stringify(s)}`);
  await page.keyboard.press('ArrowLeft');
  s = await seen();
  check(s.shown === 2, `ticked, after ArrowLeft: ${JSON.stringify(s)}`);
  await box.focus();
  const before = await page.evaluate(() => document.getElementById('slider').value);
  await page.keyboard.press(' ');
  await page.waitForTimeout(1200);
  s = await seen();
  const after = await page.evaluate(() => document.getElementById('slider').value);
  check(s.shown === 0 && s.legend === 0, `Space on the box unticks it: ${JSON.stringify(s)}`);
  check(before === after, `Space on the box played: step ${before} to ${after}`);
}

// The map's viewBox, as numbers.
async function viewBox(page) {
  return page.evaluate(() => document.querySelector('.map > svg').getAttribute('viewBox').split(/[\s,]+/).map(Number));
}

// Two fingers on the map, moving apart by `spread` px each: Chromium's own
// touch events, as a phone's screen sends them.
async function pinch(page, spread) {
  const r = await page.locator('.map > svg').boundingBox();
  const [x, y] = [r.x + r.width / 2, r.y + Math.min(r.height, page.viewportSize().height) / 2];
  const cdp = await page.context().newCDPSession(page);
  const fingers = (d) => [{ x: x - 20 - d, y, id: 1 }, { x: x + 20 + d, y, id: 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(0) });
  for (let i = 1; i <= 6; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers((spread * i) / 6) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

// One finger dragging on the map by (dx, dy).
async function drag(page, dx, dy) {
  const r = await page.locator('.map > svg').boundingBox();
  const [x, y] = [r.x + r.width / 2, r.y + Math.min(r.height, page.viewportSize().height) / 3];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  for (let i = 1; i <= 6; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 6, y: y + (dy * i) / 6, id: 1 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

// The page at a phone's, a tablet's and a desktop's size: nothing wider
// than the window, the map first and at least 90% of the width on a narrow
// screen, the legend folded there and open on a desktop, the controls in
// reach, every step's frame shown by a tap, and the map zoomed by keys, the
// wheel and a pinch, panned by a finger, and set back whole by `0`.
async function layout(browser) {
  const sizes = [
    ['phone', 390, 844, true],
    ['tablet', 768, 1024, true],
    ['desktop', 1280, 720, false],
  ];
  for (const [name, width, height, touch] of sizes) {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: name === 'phone' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    const f = await page.evaluate(() => {
      const map = document.querySelector('.map > svg').getBoundingClientRect();
      const forward = document.getElementById('forward').getBoundingClientRect();
      const moves = document.getElementById('moves').getBoundingClientRect();
      return {
        scroll: document.documentElement.scrollWidth,
        map: [map.left, map.top, map.width, map.height],
        forward: [forward.left, forward.top, forward.right, forward.bottom],
        movesTop: moves.top,
        legendOpen: document.querySelector('details.legend').open,
        frames: document.querySelectorAll('svg .frame').length,
        links: document.querySelectorAll('#moves a[data-step]').length,
      };
    });
    const what = `${name} ${width}x${height}`;
    check(f.scroll <= width, `${what}: the page is ${f.scroll} px wide`);
    check(f.map[2] > 0 && f.map[3] > 0, `${what}: the map is ${f.map[2]}x${f.map[3]}`);
    check(f.forward[0] >= 0 && f.forward[2] <= width && f.forward[1] >= 0 && f.forward[3] <= height, `${what}: the forward button is out of reach at ${JSON.stringify(f.forward)}`);
    check(f.frames === f.links && f.frames > 2, `${what}: ${f.frames} frames for ${f.links} steps`);
    if (width < 900) {
      check(f.map[2] >= 0.9 * width, `${what}: the map is ${f.map[2]} px wide, under 90% of ${width}`);
      check(f.movesTop >= f.map[1] + f.map[3], `${what}: the move list is not under the map`);
      check(!f.legendOpen, `${what}: the legend is open`);
    } else {
      check(f.legendOpen, `${what}: the legend is folded`);
    }
    // Every step's frame, one tap (or click) on the forward button each.
    for (let n = 1; n < f.links; n += 1) {
      if (touch) await page.tap('#forward');
      else await page.click('#forward');
    }
    const end = await shown(page);
    check(end.frames.length === 1 && end.frames[0] === `frame-${f.links - 1}` && end.unloaded === 0 && end.pieces > 0, `${what}: after ${f.links - 1} taps: ${JSON.stringify(end.frames)}, ${end.pieces} pieces, ${end.unloaded} not loaded`);
    check(end.currentInView, `${what}: the last move is not in view in the list`);
    await page.screenshot({ path: join(out_dir, `replay-${name}.png`) });
    // Zoom: keys, then the wheel or a pinch, a pan, and back to the whole map.
    const whole = await viewBox(page);
    await page.keyboard.press('+');
    const closer = await viewBox(page);
    check(closer[2] < whole[2] * 0.8, `${what}: + left the viewBox at ${closer}`);
    await page.keyboard.press('0');
    check((await viewBox(page)).join() === whole.join(), `${what}: 0 did not show the whole map`);
    if (touch) {
      await pinch(page, 60);
    } else {
      const r = await page.locator('.map > svg').boundingBox();
      await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
      await page.mouse.wheel(0, -300);
    }
    const zoomed = await viewBox(page);
    check(zoomed[2] < whole[2] * 0.8, `${what}: ${touch ? 'a pinch' : 'the wheel'} left the viewBox at ${zoomed} (whole ${whole})`);
    if (touch) {
      await drag(page, 80, 0);
      const panned = await viewBox(page);
      check(panned[0] < zoomed[0] - 1 && panned[2] === zoomed[2], `${what}: a drag left the viewBox at ${panned} (was ${zoomed})`);
    }
    await page.screenshot({ path: join(out_dir, `replay-${name}-zoomed.png`) });
    await page.click('#zoom-reset');
    check((await viewBox(page)).join() === whole.join(), `${what}: the whole-map button did not reset the zoom`);
    check(errors.length === 0, `${what}: errors in the page: ${errors.join('; ')}`);
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });

// Runs `checks`, closes the browser, and exits saying `passed` or listing
// every failure.
async function run_and_exit(checks, passed) {
  try {
    await checks();
  } catch (e) {
    failures.push(String(e && e.stack ? e.stack : e));
  } finally {
    await browser.close();
  }
  if (failures.length > 0) {
    console.error(failures.map((f) => '- ' + f).join('\n'));
    process.exit(1);
  }
  console.log(passed);
  process.exit(0);
}

if (layout_mode) {
  await run_and_exit(() => layout(browser), 'all layout checks passed');
}
if (one_page) {
  await run_and_exit(async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    await (variation_mode ? variation(page) : overlay(page));
    check(errors.length === 0, `errors in the page: ${errors.join('; ')}`);
  }, 'all browser checks passed');
}
await run_and_exit(async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.screenshot({ path: join(out_dir, 'replay-start.png') });
  await fits(page);
  await hastings(page);
  check(errors.length === 0, `errors in the page: ${errors.join('; ')}`);
  await page.close();
  await deep_links(browser);
  const ms = await load_time(browser);
  console.log(`page ${statSync(page_path).size} bytes, load ${ms[2].toFixed(1)} ms (median of 5; ${ms.map((t) => t.toFixed(0)).join(', ')})`);
}, 'all browser checks passed');
