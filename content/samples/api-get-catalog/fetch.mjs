const response = await fetch('{BASE_URL}/v1/biomarkers/public?template=public-light-eu');
const body = await response.json();
console.log(response.status, body.data.length, body.data[0].uuid);
