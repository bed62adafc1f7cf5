import json
import urllib.request

url = "{BASE_URL}/.well-known/oauth-authorization-server"
with urllib.request.urlopen(url, timeout=10) as response:
    metadata = json.load(response)
print(response.status, metadata["token_endpoint"])
