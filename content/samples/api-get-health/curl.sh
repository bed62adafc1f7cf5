curl -sS -i '{BASE_URL}/healthz'
