const response = await fetch('{BASE_URL}/openapi.json');
const document = await response.json();
console.log(response.status, document.openapi, document.info.version);
