# Python 3.8 or later, standard library only: save as with_token.py, run `python3 with_token.py`.
import json
import urllib.parse
import urllib.request

body = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": "catalog.read"}).encode()
with urllib.request.urlopen("{BASE_URL}/oauth/token", data=body, timeout=10) as response:
    token = json.load(response)
print(f"token: {token['token_type']}, expires in {token['expires_in']} s")

request = urllib.request.Request(
    "{BASE_URL}/v1/biomarkers/public?template=public-complete-eu",
    headers={"Authorization": f"Bearer {token['access_token']}"},
)
with urllib.request.urlopen(request, timeout=10) as response:
    data = json.load(response)["data"]
print(f"catalog: {len(data)} markers")
