# Python 3.8 or later, standard library only: save as marker.py, run `python3 marker.py`.
import json
import urllib.request

url = "{BASE_URL}/v1/biomarkers/public?template={TEMPLATE}"
with urllib.request.urlopen(url, timeout=10) as response:
    data = json.load(response)["data"]
marker = next(item for item in data if item["uuid"] == "{MARKER_UUID}")
name = next(t["name"] for t in marker["translations"] if t["locale"] == "{LOCALE}")
# A ratio or an index has no unit: then the line ends with the name.
print(" ".join(part for part in (marker["uuid"], name, marker.get("unit")) if part))
