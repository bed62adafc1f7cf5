# Python 3.8 or later, standard library only: save as discover.py, run `python3 discover.py`.
import json
import urllib.request

url = "{BASE_URL}/.well-known/oauth-authorization-server"
with urllib.request.urlopen(url, timeout=10) as response:
    metadata = json.load(response)
print(metadata["token_endpoint"])
