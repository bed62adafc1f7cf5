import json
import urllib.request

with urllib.request.urlopen("{BASE_URL}/healthz", timeout=10) as response:
    health = json.load(response)
print(response.status, health["status"])
