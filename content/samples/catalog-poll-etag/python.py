# Python 3.8 or later, standard library only. Save as poll.py and run `python3 poll.py`.
# In an app, ask again once an hour, not right away; the second request here shows the 304.
import json
import urllib.error
import urllib.request

url = "{BASE_URL}/v1/biomarkers/public?template=public-light-eu"

with urllib.request.urlopen(url, timeout=10) as first:
    etag = first.headers["ETag"]
    data = json.load(first)["data"]
print(f"first: {first.status}, ETag {etag}, {len(data)} markers")

request = urllib.request.Request(url, headers={"If-None-Match": etag})
try:
    with urllib.request.urlopen(request, timeout=10) as again:
        status = again.status  # 200: the catalog changed, read the new one
except urllib.error.HTTPError as error:
    # urllib raises for every status outside 2xx, 304 Not Modified included.
    if error.code != 304:
        raise
    status = error.code
print(f"again: {status}")
