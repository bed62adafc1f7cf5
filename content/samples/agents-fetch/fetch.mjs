// Node.js 18 or later (global fetch), as an ES module (top-level await): save as agent.mjs.
const firstLine = (text) => text.split('\n', 1)[0];

const index = await fetch('{BASE_URL}/llms.txt');
console.log(firstLine(await index.text()));

const page = await fetch('{BASE_URL}/developers', { headers: { Accept: 'text/markdown' } });
console.log(firstLine(await page.text()));

const catalog = await fetch('{BASE_URL}/v1/biomarkers/public?template=public-light-eu');
console.log(`${(await catalog.json()).data.length} markers`);
