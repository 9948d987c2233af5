// Looks at the catalogue as a person would, in headless Chromium (Debian's /usr/bin/chromium):
// the HTML index lists every topic, the search box filters, a topic page shows its diagram; and
// every Mermaid block of the Markdown catalogue renders with mermaid's own bundled script.
// Usage: node browser_check.js HTML_DIR MARKDOWN_DIR SCREENSHOT_DIR TOPIC...
'use strict';
const fs = require('fs');
const path = require('path');
const { launch } = require('./chromium');

const [htmlDir, markdownDir, shots, ...topics] = process.argv.slice(2);
let failures = 0;
function check(ok, what) {
  if (ok) return;
  console.error(`browser: FAILED ${what}`);
  failures += 1;
}

function mermaidBlocks(dir) {
  const blocks = [];
  const walk = (d) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.md')) {
        const text = fs.readFileSync(p, 'utf8');
        for (const m of text.matchAll(/```mermaid\n([\s\S]*?)```/g)) blocks.push({ file: p, code: m[1] });
      }
    }
  };
  walk(dir);
  return blocks;
}

(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const requests = [];
  page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('file://' + path.resolve(htmlDir, 'index.html'));
  const listed = await page.$$eval('#by-domain tr.entry a', (as) => as.map((a) => a.textContent));
  check(JSON.stringify([...listed].sort()) === JSON.stringify([...topics].sort()),
    `the index lists every topic: got ${listed.join(', ')}`);
  await page.screenshot({ path: path.join(shots, 'index.png'), fullPage: true });
  const duplicateIds = await page.$$eval('[id]', (els) => {
    const seen = new Set();
    return els.map((e) => e.id).filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  });
  check(duplicateIds.length === 0, `element ids are unique on the index: ${duplicateIds.join(', ')}`);

  await page.fill('#search', 'identity');
  const visible = await page.$$eval('#by-domain tr.entry', (rows) =>
    rows.filter((r) => !r.hidden && r.offsetParent !== null).map((r) => r.querySelector('a').textContent));
  check(JSON.stringify(visible) === JSON.stringify(['identity.users.state']),
    `typing 'identity' leaves only identity.users.state: got ${visible.join(', ')}`);
  check((await page.textContent('#count')) === `1 of ${topics.length} topics`, 'the count follows the filter');
  const buckets = await page.$$eval('#by-domain .bucket', (bs) => bs.filter((b) => !b.hidden).length);
  check(buckets === 1, `only the matching domain stays: ${buckets} shown`);
  await page.fill('#search', 'payments-events-nobody');
  check((await page.textContent('#count')) === `0 of ${topics.length} topics`, 'a search with no match shows none');
  await page.fill('#search', 'order-service');
  const byService = await page.$$eval('#by-domain tr.entry', (rows) =>
    rows.filter((r) => !r.hidden).map((r) => r.querySelector('a').textContent));
  check(byService.includes('commerce.payments.events') && byService.includes('commerce.orders.events'),
    `searching a service finds the topics it writes or reads: got ${byService.join(', ')}`);
  await page.screenshot({ path: path.join(shots, 'index-filtered.png'), fullPage: true });

  await page.fill('#search', '');
  await page.click('#by-domain tr.entry a >> text=commerce.orders.events');
  await page.waitForLoadState();
  check(page.url().endsWith('/topics/commerce.orders.events.html'), `the link opens the topic page: ${page.url()}`);
  const labels = await page.$$eval('svg.flow text', (ts) => ts.map((t) => t.textContent));
  for (const want of ['order-service', 'commerce.orders.events', 'delivery-service', 'commerce.orders.events.dead']) {
    check(labels.includes(want), `the topic's diagram shows ${want}`);
  }
  const box = await page.$eval('svg.flow', (s) => s.getBoundingClientRect().width);
  check(box > 300, `the diagram is drawn (${box}px wide)`);
  await page.screenshot({ path: path.join(shots, 'topic.png'), fullPage: true });

  // Mermaid: its bundled script, loaded from disk into a blank page, renders every block.
  const blank = await browser.newPage();
  blank.on('pageerror', (e) => errors.push(e.message));
  await blank.goto('file://' + path.resolve(htmlDir, 'index.html'));
  await blank.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') });
  const blocks = mermaidBlocks(markdownDir);
  check(blocks.length > topics.length, `Mermaid blocks found: ${blocks.length}`);
  for (const [i, block] of blocks.entries()) {
    const result = await blank.evaluate(async ({ code, id }) => {
      window.mermaid.initialize({ startOnLoad: false });
      try {
        const { svg } = await window.mermaid.render(id, code);
        return { ok: svg.includes('<svg') && !svg.includes('Syntax error'), message: '' };
      } catch (e) {
        return { ok: false, message: String(e.message || e) };
      }
    }, { code: block.code, id: `m${i}` });
    check(result.ok, `Mermaid block ${i} of ${block.file} renders: ${result.message}`);
  }
  check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
  check(requests.length === 0, `no network requests: ${requests.join(', ')}`);
  await browser.close();
  console.log(`browser: ${blocks.length} Mermaid blocks rendered, ${topics.length} topics listed, ${failures} failure(s)`);
  process.exit(failures === 0 ? 0 : 1);
})().catch((e) => { console.error(`browser: ${e.stack || e}`); process.exit(1); });
