const response = await fetch('{BASE_URL}/healthz');
const health = await response.json();
console.log(response.status, health.status);
