// Node.js 18 or later (fetch is global there), or a browser. It uses top-level await, so it
// runs as an ES module: save it as catalog.mjs and run `node catalog.mjs`.
const url = new URL('/v1/biomarkers/public', '{BASE_URL}');
url.searchParams.set('template', 'public-light-eu');

const response = await fetch(url);
if (!response.ok) {
  // Every error is an RFC 9457 Problem (see "Errors" in the developer guide).
  const problem = await response.json();
  throw new Error(`${problem.status} ${problem.code}: ${problem.detail}`);
}

const { data } = await response.json();
const nameIn = (translations, locale) =>
  (translations.find((t) => t.locale === locale) ?? translations.find((t) => t.locale === 'en'))?.name;

console.log(`${response.status} ${data.length} markers`);
for (const marker of data) {
  console.log(marker.uuid, nameIn(marker.translations, 'en'), marker.unit ?? '');
}
