import json
import urllib.parse
import urllib.request

body = urllib.parse.urlencode(
    {"grant_type": "client_credentials", "scope": "catalog.read", "client_id": "my-app"}
).encode()
with urllib.request.urlopen("{BASE_URL}/oauth/token", data=body, timeout=10) as response:
    token = json.load(response)
print(response.status, token["token_type"], token["expires_in"], token["scope"])
