const response = await fetch('{BASE_URL}/api/openapi.yaml');
const text = await response.text();
console.log(response.status, response.headers.get('content-type'));
console.log(text.split('\n')[0]);
