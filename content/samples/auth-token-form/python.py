# Python 3.8 or later, standard library only: save as token.py, run `python3 token.py`.
# urlencode gives an application/x-www-form-urlencoded body, which urllib sends as such.
import json
import urllib.parse
import urllib.request

body = urllib.parse.urlencode(
    {"grant_type": "client_credentials", "scope": "catalog.read", "client_id": "my-app"}
).encode()
with urllib.request.urlopen("{BASE_URL}/oauth/token", data=body, timeout=10) as response:
    token = json.load(response)
print(f"{response.status} {token['token_type']}, expires in {token['expires_in']} s, scope {token['scope']}")
