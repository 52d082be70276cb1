import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.goto(`file://${process.cwd()}/dist/index.html${process.argv[3] ?? '#/calls/get-call'}`);
await page.waitForTimeout(5000);
if (process.argv[2] === 'nav') {
  console.log(await page.evaluate(() => [...document.querySelectorAll('a[href]')].slice(0, 20).map((a) => `${a.getAttribute('href')} ${a.textContent.trim().slice(0, 40)}`).join('\n')));
} else {
  const text = await page.locator('#redoc').innerText();
  let i = -1;
  while ((i = text.indexOf(process.argv[2], i + 1)) >= 0) console.log('---', text.slice(Math.max(0, i - 300), i + 500));
}
await browser.close();
