import json
import urllib.request

url = "{BASE_URL}/v1/biomarkers/public?template=public-light-eu"
with urllib.request.urlopen(url, timeout=10) as response:
    body = json.load(response)
print(response.status, len(body["data"]), body["data"][0]["uuid"])
