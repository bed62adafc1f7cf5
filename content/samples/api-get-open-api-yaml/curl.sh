curl -sS -i '{BASE_URL}/api/openapi.yaml'
