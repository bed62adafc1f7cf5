// Node.js 18 or later (global fetch), as an ES module (top-level await): save as marker.mjs.
const response = await fetch('{BASE_URL}/v1/biomarkers/public?template={TEMPLATE}');
const { data } = await response.json();
const marker = data.find((item) => item.uuid === '{MARKER_UUID}');
const name = marker.translations.find((t) => t.locale === '{LOCALE}').name;
// A ratio or an index has no unit: then the line ends with the name.
console.log([marker.uuid, name, marker.unit].filter(Boolean).join(' '));
