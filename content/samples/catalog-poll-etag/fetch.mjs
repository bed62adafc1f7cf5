// Node.js 18 or later (global fetch), as an ES module (top-level await): save as poll.mjs.
// In an app, ask again once an hour, not right away; the second request here shows the 304.
const url = '{BASE_URL}/v1/biomarkers/public?template=public-light-eu';

const first = await fetch(url);
const { data } = await first.json();
const etag = first.headers.get('ETag');
console.log(`first: ${first.status}, ETag ${etag}, ${data.length} markers`);

const again = await fetch(url, { headers: { 'If-None-Match': etag } });
// 304 Not Modified: no body, the copy you have is current. A 200 brings the new catalog.
console.log(`again: ${again.status}`);
