# Python 3.8 or later, standard library only: save as token.py, run `python3 token.py`.
import json
import urllib.request

request = urllib.request.Request(
    "{BASE_URL}/oauth/token",
    data=json.dumps({"grant_type": "client_credentials"}).encode(),
    headers={"Content-Type": "application/json"},
)
with urllib.request.urlopen(request, timeout=10) as response:
    token = json.load(response)
print(f"{response.status} {token['token_type']}, expires in {token['expires_in']} s, scope {token['scope']}")
