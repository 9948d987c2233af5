// The HTML catalogue of one domain with many topics, in headless Chromium: the domain's diagram is
// folded so its table is in view, topics are in natural order (item2 before item10), the search
// filters the diagram's boxes too and is kept in the URL, and a turned-off dead-letter topic shows
// its reason. Usage: node scale_check.js HTML_DIR COUNT SCREENSHOT_DIR
'use strict';
const path = require('path');
const { launch } = require('./chromium');

const [htmlDir, countText, shots] = process.argv.slice(2);
const count = Number(countText);
let failures = 0;
function check(ok, what) {
  if (ok) return;
  console.error(`scale: FAILED ${what}`);
  failures += 1;
}
const name = (n) => `catalog.item${n}-listed`;

async function shownNodes(page) {
  return page.$$eval('#by-domain svg.flow g.node', (gs) =>
    gs.filter((g) => getComputedStyle(g).display !== 'none').map((g) => g.textContent));
}

(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const index = 'file://' + path.resolve(htmlDir, 'index.html');
  await page.goto(index);

  const folded = await page.$eval('#by-domain details.diagram', (d) => !d.open);
  check(folded, `the diagram of ${count} topics is folded`);
  const tableTop = await page.$eval('#by-domain table', (t) => t.getBoundingClientRect().top);
  check(tableTop < 500, `the domain's table starts in view: at ${tableTop}px`);
  const rows = await page.$$eval('#by-domain tr.entry a', (as) => as.map((a) => a.textContent));
  const natural = Array.from({ length: count }, (_, i) => name(i + 1));
  check(JSON.stringify(rows) === JSON.stringify(natural), `topics in natural order: got ${rows.slice(0, 12).join(', ')}...`);
  await page.screenshot({ path: path.join(shots, 'scale-index.png') });

  await page.fill('#search', 'item7-');
  check((await page.textContent('#count')) === `1 of ${count} topics`, 'the search finds one topic');
  check(page.url().endsWith('#q=item7-'), `the search is kept in the URL: ${page.url()}`);
  await page.$eval('#by-domain details.diagram', (d) => { d.open = true; });
  const nodes = await shownNodes(page);
  check(nodes.includes(name(7)) && !nodes.includes(name(8)) && !nodes.includes(name(17)),
    `the diagram shows only the found topic's boxes: ${nodes.join(', ')}`);
  check(nodes.includes('catalog-service') && nodes.includes('reader-service'),
    `the found topic's producer and group stay: ${nodes.join(', ')}`);
  await page.screenshot({ path: path.join(shots, 'scale-filtered.png'), fullPage: true });

  await page.goto(index + '#q=item12-');
  await page.reload();
  check((await page.inputValue('#search')) === 'item12-', 'a link with #q= fills the search box');
  check((await page.textContent('#count')) === `1 of ${count} topics`, 'a link with #q= filters at once');
  await page.fill('#search', '');
  check(!page.url().includes('#'), `an empty search leaves no #q= in the URL: ${page.url()}`);
  check((await page.textContent('#count')) === `${count} of ${count} topics`, 'an empty search shows all');
  check((await shownNodes(page)).length > count, 'an empty search shows every box');

  await page.goto('file://' + path.resolve(htmlDir, 'topics', `${name(1)}.html`));
  const dead = await page.$eval('xpath=//th[text()="Dead-letter topic"]/following-sibling::td', (td) => td.textContent);
  check(dead === 'none (turned off: consumers retry in place and alert)', `the turned-off dead-letter topic says why: ${dead}`);
  check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
  await browser.close();
  console.log(`scale: ${count} topics, ${failures} failure(s)`);
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(1); });
