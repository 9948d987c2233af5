// Debian's headless Chromium for the browser checks, launched the one way this machine allows:
// without the networking flags Chromium tries to reach Google's hosts, which are refused here.
'use strict';
const { chromium } = require('playwright-core');

module.exports.launch = () => chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
