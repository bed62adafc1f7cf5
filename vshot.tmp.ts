import { chromium } from '@playwright/test';
const [base, out, ...specs] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const spec of specs) {
  const [path, width, height, scheme, scroll] = spec.split('|');
  const page = await browser.newPage({ colorScheme: scheme as 'light' | 'dark', viewport: { width: Number(width), height: Number(height) } });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  if (scroll) await page.evaluate((y) => window.scrollTo(0, y), Number(scroll));
  const name = `${path.replaceAll(/[/?=&#]/g, '_')}-${width}-${scheme}-${scroll ?? 0}.png`;
  await page.screenshot({ path: `${out}/${name}` });
  console.log(name);
  await page.close();
}
await browser.close();
