import json
import urllib.request

with urllib.request.urlopen("{BASE_URL}/openapi.json", timeout=10) as response:
    document = json.load(response)
print(response.status, document["openapi"], document["info"]["version"])
